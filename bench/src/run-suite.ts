// `pnpm bench:suite`: the three sets side by side, then the fan-out rows; writes every JSON to
// bench/results/ and the README's Performance tables to bench/results/suite.md. See README.md.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { BenchReport } from "./bench-report.ts";
import { availableSets, type BenchSet } from "./bench-sets.ts";
import { describeMachine } from "./describe-machine.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { measureFanOut } from "./measure-fan-out.ts";
import { renderSuite, type TuningSummary } from "./render-suite.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    "fan-out-queries": { type: "string", default: "40" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(`pnpm bench:suite [--only sets|fan-out] [--fan-out-queries <n>]

  Runs pnpm bench on the project's set (every scenario), on the shared-corpus set and on the dev
  set (no faults, 2 collections per area), then the fan-out rows (4, 16, 64 collections, 30 ms
  per upstream request); writes bench/results/{latest,shared-corpus,dev,fan-out}.json and suite.md.
`);
  process.exit(0);
}
const results = new URL("../results/", import.meta.url);
const runBench = new URL("./run-bench.ts", import.meta.url).pathname;
const sets = availableSets();
const outName = (set: BenchSet) => (set.name === "project" ? "latest" : set.name);

if (values.only !== "fan-out") {
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
    const run = spawnSync(process.execPath, [runBench, ...flags, "--out-name", outName(set)], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (run.status !== 0) throw new Error(`run-bench for ${set.name} failed (${run.status})`);
  }
}

const fanOutFile = new URL("fan-out.json", results);
if (values.only !== "sets") {
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

const read = <Value>(url: URL): Value | undefined =>
  existsSync(url) ? (JSON.parse(readFileSync(url, "utf8")) as Value) : undefined;
const reports = sets.flatMap((set) => {
  const report = read<BenchReport>(new URL(`${outName(set)}.json`, results));
  return report === undefined ? [] : [{ set, report }];
});
const markdown = renderSuite({
  sets: reports,
  tuning: read<TuningSummary>(new URL("tuning.json", results)),
  fanOut: read<{ rows: Parameters<typeof renderSuite>[0]["fanOut"] }>(fanOutFile)?.rows ?? [],
});
const machine = describeMachine();
const header = `pnpm bench:suite — ${machine.date.slice(0, 10)}, ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, load ${machine.loadAverageAtStart} at the end\n\n`;
writeFileSync(new URL("suite.md", results), `${header}${markdown}\n`);
process.stdout.write(`${header}${markdown}\n`);
