// node bench/src/compare-answers.ts [--core <file of another build's dist/index.js>] --out <file>
// Every question of the three sets through createDocsSearch (its default reranker and refs), one
// at a time on the fake service in a child process, each answer written whole, as the model reads
// it, one JSON line per question. Two builds' files compared byte for byte (`cmp`) prove a change
// left every ref, every passage and every order as it was.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { availableSets } from "./bench-sets.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { startServiceProcess } from "./service-process.ts";

const { values } = parseArgs({
  options: { core: { type: "string" }, out: { type: "string" } },
});
if (values.out === undefined) throw new Error("--out <file> is required");
const { createDocsSearch } = (await import(
  values.core === undefined ? "@search-docs/core" : pathToFileURL(values.core).href
)) as typeof import("@search-docs/core");

const lines: string[] = [];
for (const set of availableSets()) {
  const queries = loadQueries(set.queries, loadBenchCorpus(set.corpus));
  const service = await startServiceProcess({
    ...(set.corpus === undefined ? {} : { corpus: set.corpus }),
    collectionsPerArea: set.collectionsPerArea,
    seed: 1,
  });
  try {
    const docs = createDocsSearch({ baseUrl: service.url, areas: service.areas });
    const caller = { headers: { authorization: `Bearer ${service.tokens.everything}` } };
    for (const { id, query, area } of queries) {
      const input = area === undefined ? { query } : { query, area };
      const { output } = await docs.search(input, { caller });
      lines.push(JSON.stringify({ set: set.name, id, output }));
    }
  } finally {
    await service.close();
  }
  process.stderr.write(`${set.name}: ${queries.length} answers\n`);
}
writeFileSync(values.out, `${lines.join("\n")}\n`);
