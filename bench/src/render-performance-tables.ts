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

/**
 * The bare-loop runs before and after issue 33 (`bare-loop-before.json`, `bare-loop.json`) and
 * the cold-start run (`cold-start.json`), each table only when its JSON is there.
 */
function renderAgainstBareLoop(read: <Value>(name: string) => Value | undefined): string {
  const parts: string[] = [];
  const runs = (
    [
      ["before", read<BareLoopResult>("bare-loop-before.json")],
      ["after", read<BareLoopResult>("bare-loop-after-1.json")],
      ["before", read<BareLoopResult>("bare-loop-before-2.json")],
      ["after", read<BareLoopResult>("bare-loop.json")],
    ] as const
  ).flatMap(
    ([label, run]): Array<[string, BareLoopResult]> => (run === undefined ? [] : [[label, run]]),
  );
  if (runs.length > 0) {
    parts.push(
      `search-docs against the bare loop (\`node bench/src/bare-loop-bench.ts\`: ${runs[0]?.[1].latencyMs} ms per request, one call at a time, the arms alternating; runs interleaved, before (main before issue 33: \`bench/results/bare-loop-before*.json\`), after, before, after (\`bare-loop-after-1.json\`, \`bare-loop.json\`)):`,
      renderBareLoopBeforeAfter(runs),
    );
  }
  const coldStart = read<{
    machine: { date: string; loadAverageAtStart: number };
    rounds: number;
    figures: ColdStartFigures[];
  }>("cold-start.json");
  if (coldStart !== undefined) {
    parts.push(
      `Cold start (\`node bench/src/cold-start-bench.ts\`, ${coldStart.machine.date.slice(0, 16).replace("T", " ")}, load ${coldStart.machine.loadAverageAtStart} at the start): fresh processes, ${coldStart.rounds} of each arm, interleaved; from \`node\`'s start to the first answer (4 collections of the fake service, no added latency), the baseline build being main's before issue 33:`,
      renderColdStartTable(coldStart.figures),
    );
  }
  return parts.length === 0 ? "" : `\n\n${parts.join("\n\n")}`;
}
