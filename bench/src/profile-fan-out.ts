// node --cpu-prof --cpu-prof-dir=<dir> bench/src/profile-fan-out.ts [--collections 64] [--calls 100]
// Calls search-docs (or the bare loop, --arm bare-loop) one at a time over a fake service in a
// child process, so a CPU profile of this process holds the client's work alone. Read the
// profile with `node bench/src/top-self-time.ts <file.cpuprofile> --per <requests>`.
import { parseArgs } from "node:util";
import { bareLoopSearch } from "./bare-loop-search.ts";
import { availableSets } from "./bench-sets.ts";
import { createDocsSearchArm } from "./docs-search-arm.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { startServiceProcess } from "./service-process.ts";

const { values } = parseArgs({
  options: {
    collections: { type: "string", default: "64" },
    calls: { type: "string", default: "100" },
    "latency-ms": { type: "string", default: "30" },
    arm: { type: "string", default: "search-docs" },
  },
});
const collections = Number(values.collections);
const calls = Number(values.calls);
const latencyMs = Number(values["latency-ms"]);
const set = availableSets().find((candidate) => candidate.name === "dev") ?? availableSets()[0];
if (set === undefined) throw new Error("no query set found");
const queries = loadQueries(set.queries, loadBenchCorpus(set.corpus)).filter(
  (query) => query.gold.length > 0,
);
const service = await startServiceProcess({
  ...(set.corpus === undefined ? {} : { corpus: set.corpus }),
  collectionsPerArea: Math.max(1, Math.round(collections / 4)),
  seed: 1,
  latency: { medianMs: latencyMs, p95Ms: latencyMs },
});
try {
  const headers = { authorization: `Bearer ${service.tokens.everything}` };
  const docs = createDocsSearchArm({
    baseUrl: service.url,
    areas: service.areas,
    headers,
    scoreResults: false,
  });
  const call = (query: string) =>
    values.arm === "bare-loop"
      ? bareLoopSearch({ baseUrl: service.url, areas: service.areas, headers }, { query })
      : docs({ query });
  let requests = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < calls; index++) {
    const record = await call((queries[index % queries.length] as (typeof queries)[number]).query);
    requests += record.requests.length;
  }
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    `${values.arm}: ${calls} calls, ${requests} requests, ${((performance.now() - started) / calls).toFixed(1)} ms wall / call, ${((used.user + used.system) / 1000 / calls).toFixed(2)} ms CPU / call\n`,
  );
} finally {
  await service.close();
}
