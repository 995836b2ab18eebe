import { existsSync, readFileSync } from "node:fs";
import type { BenchReport } from "./bench-report.ts";
import { type BenchSet, benchSets } from "./bench-sets.ts";
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
  return `${header}${tables}`;
}
