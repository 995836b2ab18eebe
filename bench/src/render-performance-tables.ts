import { existsSync, readFileSync } from "node:fs";
import type { BenchReport } from "./bench-report.ts";
import { type BenchSet, benchSets } from "./bench-sets.ts";
import type { ColdStartFigures } from "./measure-cold-start.ts";
import { type BareLoopResult, renderBareLoopBeforeAfter } from "./render-bare-loop-before-after.ts";
import { renderColdStartTable } from "./render-cold-start-table.ts";
import { renderSuite, type TuningSummary } from "./render-suite.ts";

/** The JSON a set's run writes under bench/results/ (the project's set is `latest`). */
export function resultFileName(set: BenchSet): string {
  return `${set.name === "project" ? "latest" : set.name}.json`;
}

/**
 * docs/performance.md's tables from the JSON in `results` alone (the run's machine and date come
 * from the project's report), so the page can be rewritten, and checked, without rerunning.
 */
export function renderPerformanceTables(results: URL): string {
  const read = <Value>(name: string): Value | undefined => {
    const url = new URL(name, results);
    return existsSync(url) ? (JSON.parse(readFileSync(url, "utf8")) as Value) : undefined;
  };
  // Every set whose results are here, whether or not its queries are (../shared is not in a clone).
  const sets = benchSets.flatMap((set) => {
    const report = read<BenchReport>(resultFileName(set));
    return report === undefined ? [] : [{ set, report }];
  });
  const tables = renderSuite({
    sets,
    tuning: read<TuningSummary>("tuning.json"),
    fanOut: read<{ rows: Parameters<typeof renderSuite>[0]["fanOut"] }>("fan-out.json")?.rows ?? [],
  });
  const machine = sets.find(({ set }) => set.name === "project")?.report.machine;
  const header = machine
    ? `Run of ${machine.date.slice(0, 10)}: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, 1-minute load ${machine.loadAverageAtStart} at the start.\n\n`
    : "";
  return `${header}${tables}${renderAgainstBareLoop(read)}`;
}

/** A run of bare-loop-bench.ts kept in bench/results/, and what it ran. */
type BareLoopRunFile = readonly [label: string, file: string];

// Issue 33's first step (bundling, lazy OpenTelemetry) against main before it, interleaved.
const firstStepRuns: BareLoopRunFile[] = [
  ["before", "bare-loop-before.json"],
  ["after", "bare-loop-after-1.json"],
  ["before", "bare-loop-before-2.json"],
  ["after", "bare-loop.json"],
];
// Its second step (zod/mini inlined, the rerank counting instead of tokenizing) against the
// first, interleaved.
const secondStepRuns: BareLoopRunFile[] = [
  ["step 1", "bare-loop-step1-1.json"],
  ["step 2", "bare-loop-step2-1.json"],
  ["step 1", "bare-loop-step1-2.json"],
  ["step 2", "bare-loop-step2-2.json"],
];

/**
 * The bare-loop runs of issue 33's two steps and the cold-start run (`cold-start.json`), each
 * table only when its JSON is there.
 */
function renderAgainstBareLoop(read: <Value>(name: string) => Value | undefined): string {
  const parts: string[] = [];
  const runsOf = (files: readonly BareLoopRunFile[]) =>
    files.flatMap(([label, file]): Array<[string, BareLoopResult]> => {
      const run = read<BareLoopResult>(file);
      return run === undefined ? [] : [[label, run]];
    });
  const first = runsOf(firstStepRuns);
  if (first.length > 0) {
    parts.push(
      `search-docs against the bare loop (\`node bench/src/bare-loop-bench.ts\`: ${first[0]?.[1].latencyMs} ms per request, one call at a time, the arms alternating; runs interleaved, before (main before issue 33: \`bench/results/bare-loop-before*.json\`), after, before, after (\`bare-loop-after-1.json\`, \`bare-loop.json\`)):`,
      renderBareLoopBeforeAfter(first),
    );
  }
  const second = runsOf(secondStepRuns);
  if (second.length > 0) {
    parts.push(
      `Issue 33's second step, the same bench: step 1 (main with the bundling, \`bench/results/bare-loop-step1-*.json\`) and step 2 (zod/mini inlined, the rerank counting a snippet's terms instead of making its tokens, \`bare-loop-step2-*.json\`), interleaved step 1, step 2, step 1, step 2:`,
      renderBareLoopBeforeAfter(second),
    );
  }
  const coldStart = read<{
    machine: { date: string; loadAverageAtStart: number };
    rounds: number;
    figures: ColdStartFigures[];
  }>("cold-start.json");
  if (coldStart !== undefined) {
    parts.push(
      `Cold start (\`node bench/src/cold-start-bench.ts\`, ${coldStart.machine.date.slice(0, 16).replace("T", " ")}, load ${coldStart.machine.loadAverageAtStart} at the start): fresh processes, ${coldStart.rounds} of each arm, interleaved; from \`node\`'s start to the first answer (4 collections of the fake service, no added latency), each baseline build named in its rows (before issue 33: main at \`874305a\`; step 1: main with the bundling and lazy OpenTelemetry; step 2: zod/mini inlined, the rerank counting instead of tokenizing; the rows without a name: step 3, the HTML tokenizer bundled too; \`.perf-before-dist\` and \`.perf-after-dist\` in the module counts are step 1's and step 2's build folders):`,
      renderColdStartTable(coldStart.figures),
    );
  }
  return parts.length === 0 ? "" : `\n\n${parts.join("\n\n")}`;
}
