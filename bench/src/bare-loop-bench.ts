// node bench/src/bare-loop-bench.ts: search-docs against the bare loop a user could write
// (bare-loop-search.ts), side by side in one run at 4, 16 and 64 collections. See README.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { availableSets } from "./bench-sets.ts";
import { describeMachine } from "./describe-machine.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { measureBareLoop, renderBareLoopTable } from "./measure-bare-loop.ts";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "40" },
    collections: { type: "string", default: "4,16,64" },
    "latency-ms": { type: "string", default: "30" },
    "out-name": { type: "string", default: "bare-loop" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(`node bench/src/bare-loop-bench.ts [--calls <n>] [--collections 4,16,64] [--latency-ms 30] [--out-name bare-loop]

  search-docs as shipped against a bare loop (fetch the first page of every collection at once,
  JSON.parse, sort by score), on one fake service in a child process answering every request in
  exactly --latency-ms, the dev set's first --calls answerable questions asked without an area
  (the shared-corpus set's, or the project's, when ../shared is absent), one call at a time, the
  arms alternating. Prints the table; writes bench/results/<out-name>.json.
`);
  process.exit(0);
}
const parseCount = (text: string, name: string) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
};
const calls = parseCount(values.calls, "calls");
const latencyMs = parseCount(values["latency-ms"], "latency-ms");
const collectionCounts = values.collections
  .split(",")
  .map((text) => parseCount(text, "collections"));

const sets = availableSets();
const set = sets.find((candidate) => candidate.name === "dev") ?? sets[0];
if (set === undefined) throw new Error("no query set found");
const queries = loadQueries(set.queries, loadBenchCorpus(set.corpus))
  .filter((query) => query.gold.length > 0)
  .slice(0, calls);
const machine = describeMachine();
const started = performance.now();
const rows = await measureBareLoop({
  corpus: set.corpus,
  queries,
  collectionCounts,
  latencyMs,
  onProgress: (message) =>
    process.stderr.write(
      `[bare-loop ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}\n`,
    ),
});
const results = new URL("../results/", import.meta.url);
mkdirSync(results, { recursive: true });
writeFileSync(
  new URL(`${values["out-name"]}.json`, results),
  `${JSON.stringify({ machine, set: set.name, latencyMs, rows }, null, 2)}\n`,
);
process.stdout.write(
  `# search-docs against a bare loop — ${machine.date.slice(0, 19)}Z, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverageAtStart} at start; ${queries.length} ${set.name} questions, no area, ${latencyMs} ms per request\n\n${renderBareLoopTable(rows)}\n`,
);
