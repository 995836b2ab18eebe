// `pnpm bench:suite`: the three sets side by side, then the fan-out rows; writes every JSON to
// bench/results/ and the tables of docs/performance.md. See README.md.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { availableSets } from "./bench-sets.ts";
import { describeMachine } from "./describe-machine.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { measureFanOut } from "./measure-fan-out.ts";
import { renderPerformanceTables, resultFileName } from "./render-performance-tables.ts";
import { replaceGeneratedBlock } from "./replace-generated-block.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    "fan-out-queries": { type: "string", default: "40" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(`pnpm bench:suite [--only sets|fan-out|render] [--fan-out-queries <n>]

  Runs pnpm bench on the project's set (every scenario), on the shared-corpus set and on the dev
  set (no faults, 2 collections per area), then the fan-out rows (4, 16, 64 collections, 30 ms
  per upstream request); writes bench/results/{latest,shared-corpus,dev,fan-out}.json and the
  tables of docs/performance.md. --only render rewrites the tables from the JSON already there.
`);
  process.exit(0);
}
const results = new URL("../results/", import.meta.url);
const runBench = new URL("./run-bench.ts", import.meta.url).pathname;
const sets = availableSets();

if (values.only !== "fan-out" && values.only !== "render") {
  for (const set of sets) {
    const flags =
      set.name === "project"
        ? []
        : [
            "--corpus",
            set.corpus ?? "",
            "--queries",
            set.queries,
            "--collections-per-area",
            String(set.collectionsPerArea),
            "--scenarios",
            "no-faults",
            "--skip",
            "keep-alive,heap",
          ];
    process.stderr.write(`[suite] ${set.name}: node run-bench.ts ${flags.join(" ")}\n`);
    const run = spawnSync(
      process.execPath,
      [runBench, ...flags, "--out-name", resultFileName(set).replace(/\.json$/, "")],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (run.status !== 0) throw new Error(`run-bench for ${set.name} failed (${run.status})`);
  }
}

const fanOutFile = new URL("fan-out.json", results);
if (values.only !== "sets" && values.only !== "render") {
  const dev = sets.find((set) => set.name === "dev") ?? sets[0];
  if (dev === undefined) throw new Error("no query set found");
  const queries = loadQueries(dev.queries, loadBenchCorpus(dev.corpus))
    .filter((query) => query.gold.length > 0)
    .slice(0, Number(values["fan-out-queries"]));
  process.stderr.write(`[suite] fan-out: ${queries.length} ${dev.name} questions, no area\n`);
  const rows = await measureFanOut({
    corpus: dev.corpus,
    queries,
    collectionCounts: [4, 16, 64],
    maxInFlight: [256, 4],
    latencyMs: 30,
  });
  writeFileSync(
    fanOutFile,
    `${JSON.stringify({ machine: describeMachine(), latencyMs: 30, set: dev.name, rows }, null, 2)}\n`,
  );
}

const tables = renderPerformanceTables(results);
const performance = new URL("../../docs/performance.md", import.meta.url);
writeFileSync(performance, replaceGeneratedBlock(readFileSync(performance, "utf8"), tables));
process.stdout.write(`${tables}\n\nWritten: docs/performance.md\n`);
