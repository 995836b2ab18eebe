import type { BenchReport } from "./bench-report.ts";
import type { ArmSummary } from "./summarize-arm.ts";

const number = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : "–";

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/** The arms table and the targets table, as markdown, for `pnpm bench`'s stdout. */
export function renderTable(report: BenchReport): string {
  return `${renderArmsTable(report)}\n\n${renderTargetsTable(report)}`;
}

/** Every scenario and arm of a run, as markdown (docs/performance.md's faults table). */
export function renderArmsTable(report: Pick<BenchReport, "scenarios">): string {
  const lines: string[] = [];
  lines.push(
    row([
      "scenario",
      "arm",
      "recall@8",
      "section recall@8",
      "MRR@8",
      "requests / collection p50, p95",
      "requests / call p50, p95",
      "records / call p50",
      "latency p50, p95, p99 (ms)",
      "latency / floor p50, p95",
      "CPU / call p50 (ms)",
      "result tokens p50, p95",
      "statuses",
    ]),
  );
  lines.push(row(Array.from({ length: 13 }, (_, index) => (index < 2 ? "---" : "---:"))));
  for (const [scenario, scenarioReport] of Object.entries(report.scenarios)) {
    for (const [arm, summary] of Object.entries(scenarioReport.arms) as [string, ArmSummary][]) {
      lines.push(
        row([
          scenario,
          arm,
          number(summary.recallAt8, 3),
          number(summary.sectionRecallAt8, 3),
          number(summary.mrrAt8, 3),
          `${number(summary.requestsPerCollection.p50, 1)}, ${number(summary.requestsPerCollection.p95, 1)}`,
          `${number(summary.requestsPerCall.p50, 1)}, ${number(summary.requestsPerCall.p95, 1)}`,
          number(summary.recordsPerCall.p50),
          `${number(summary.latencyMs.p50)}, ${number(summary.latencyMs.p95)}, ${number(summary.latencyMs.p99)}`,
          `${number(summary.latencyOverFloor.p50, 2)}, ${number(summary.latencyOverFloor.p95, 2)}`,
          summary.cpuMs === undefined ? "–" : number(summary.cpuMs.p50, 2),
          `${number(summary.resultTokens.p50)}, ${number(summary.resultTokens.p95)}`,
          Object.entries(summary.statuses)
            .map(([status, count]) => `${status} ${count}`)
            .join(", "),
        ]),
      );
    }
  }
  return lines.join("\n");
}

/** The run against the bench's own targets: for whoever tunes it, not for users' docs. */
export function renderTargetsTable(report: Pick<BenchReport, "targets">): string {
  const lines: string[] = [];
  lines.push(row(["target", "this run", "met"]));
  lines.push(row(["---", "---", "---"]));
  for (const target of report.targets) {
    lines.push(
      row([
        target.target,
        target.value,
        target.met === undefined ? "not measured" : target.met ? "yes" : "**no**",
      ]),
    );
  }
  return lines.join("\n");
}
