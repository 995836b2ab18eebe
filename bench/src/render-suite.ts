import type { BenchReport } from "./bench-report.ts";
import type { BenchSet } from "./bench-sets.ts";
import type { FanOutRow } from "./measure-fan-out.ts";
import { renderArmsTable } from "./render-table.ts";
import type { AnswerFigures } from "./score-answers.ts";
import type { ArmSummary } from "./summarize-arm.ts";

/** What tune.ts wrote: each set's figure from the fold that left it out. */
export interface TuningSummary {
  final: { tunedOn: string[]; chosen: { lexicalWeight: number; titleWeight: number } };
  folds: Array<{
    heldOut: string;
    tunedOn: string[];
    heldOutScores: AnswerFigures & { byKind: Record<string, AnswerFigures> };
    upstreamOrder: AnswerFigures & { byKind: Record<string, AnswerFigures> };
  }>;
}

const fixed = (value: number | undefined, digits = 3) =>
  value === undefined || !Number.isFinite(value) ? "–" : value.toFixed(digits);
const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
const rule = (count: number, left = 2) =>
  row(Array.from({ length: count }, (_, index) => (index < left ? "---" : "---:")));

/**
 * docs/performance.md's tables: the three sets side by side (which were tuned on), each set's
 * cross-validated figure, the dev set per kind, the fan-out rows, and the project's set under
 * faults.
 */
export function renderSuite({
  sets,
  tuning,
  fanOut,
}: {
  sets: Array<{ set: BenchSet; report: BenchReport }>;
  tuning: TuningSummary | undefined;
  fanOut: readonly FanOutRow[];
}): string {
  const lines: string[] = [];
  const tunedOn = new Set(tuning?.final.tunedOn ?? []);
  lines.push(
    row([
      "set",
      "defaults tuned on it",
      "arm",
      "recall@8",
      "MRR@8",
      "section recall@8",
      "section MRR@8",
      "requests / searched collection, mean (p95)",
      "latency / floor p50, p95",
      "CPU / call p50 (ms)",
    ]),
    rule(10, 3),
  );
  for (const { set, report } of sets) {
    const arms = report.scenarios["no-faults"]?.arms;
    if (arms === undefined) continue;
    for (const arm of ["one-page", "all-pages", "search-docs"] as const) {
      const summary: ArmSummary = arms[arm];
      lines.push(
        row([
          `${set.name} (${report.settings.queryCount} q, ${Object.values(report.settings.collections).reduce((total, count) => total + count, 0)} collections)`,
          tunedOn.has(set.name) ? "yes" : "**no**",
          arm,
          fixed(summary.recallAt8),
          fixed(summary.mrrAt8),
          fixed(summary.sectionRecallAt8),
          fixed(summary.sectionMrrAt8),
          `${fixed(summary.requestsPerCollection.mean, 2)} (${fixed(summary.requestsPerCollection.p95, 0)})`,
          `${fixed(summary.latencyOverFloor.p50, 2)}, ${fixed(summary.latencyOverFloor.p95, 2)}`,
          fixed(summary.cpuMs?.p50, 2),
        ]),
      );
    }
  }
  if (tuning !== undefined) {
    lines.push(
      "",
      `Leave one set out (offline, every page, each set also served by a k1 0.9 / b 0.4 first stage): weights chosen on the other two sets, recall@8 / MRR@8 on the one left out, against the upstream order. Shipped: lexical ${tuning.final.chosen.lexicalWeight}, title ${tuning.final.chosen.titleWeight}, chosen on ${tuning.final.tunedOn.join(" + ")}.`,
      "",
      row(["set left out", "weights (lexical, title) chosen on", "search-docs", "upstream order"]),
      rule(4),
    );
    for (const fold of tuning.folds) {
      lines.push(
        row([
          fold.heldOut,
          `${fold.tunedOn.join(" + ")}`,
          `${fixed(fold.heldOutScores.recallAt8)} / ${fixed(fold.heldOutScores.mrrAt8)}`,
          `${fixed(fold.upstreamOrder.recallAt8)} / ${fixed(fold.upstreamOrder.mrrAt8)}`,
        ]),
      );
    }
  }
  const withKinds = sets.filter(({ report }) => {
    const kinds = Object.keys(report.scenarios["no-faults"]?.arms["search-docs"].byKind ?? {});
    return kinds.length > 0 && !(kinds.length === 1 && kinds[0] === "all");
  });
  for (const { set, report } of withKinds) {
    const arms = report.scenarios["no-faults"]?.arms;
    if (arms === undefined) continue;
    lines.push(
      "",
      `${set.name}, per kind (recall@8 / MRR@8; section level in brackets):`,
      "",
      row(["kind", "questions", "one-page", "all-pages", "search-docs"]),
      rule(5, 1),
    );
    for (const [kind, figures] of Object.entries(arms["search-docs"].byKind)) {
      const cell = (summary: ArmSummary) => {
        const value = summary.byKind[kind];
        return value === undefined
          ? "–"
          : `${fixed(value.recallAt8)} / ${fixed(value.mrrAt8)} (${fixed(value.sectionRecallAt8)} / ${fixed(value.sectionMrrAt8)})`;
      };
      lines.push(
        row([
          kind,
          String(figures.queries),
          cell(arms["one-page"]),
          cell(arms["all-pages"]),
          cell(arms["search-docs"]),
        ]),
      );
    }
    const { noAnswer } = arms["search-docs"];
    if (noAnswer.queries > 0) {
      lines.push(
        "",
        `No-answer questions: ${noAnswer.noMatches} of ${noAnswer.queries} answered \`no_matches\`.`,
      );
    }
  }
  if (fanOut.length > 0) {
    lines.push(
      "",
      row([
        "collections",
        "in-flight bound",
        "calls",
        "latency p50, p95 (ms)",
        "floor p50, p95 (ms)",
        "latency / floor p50, p95",
        "requests / collection",
      ]),
      rule(7, 0),
    );
    for (const fan of fanOut) {
      lines.push(
        row([
          String(fan.collections),
          String(fan.maxInFlight),
          String(fan.calls),
          `${fixed(fan.latencyMs.p50, 0)}, ${fixed(fan.latencyMs.p95, 0)}`,
          `${fixed(fan.floorMs.p50, 0)}, ${fixed(fan.floorMs.p95, 0)}`,
          `${fixed(fan.latencyOverFloor.p50, 2)}, ${fixed(fan.latencyOverFloor.p95, 2)}`,
          fixed(fan.requestsPerCollection, 2),
        ]),
      );
    }
  }
  const project = sets.find(({ set }) => set.name === "project");
  if (project !== undefined && Object.keys(project.report.scenarios).length > 1) {
    lines.push(
      "",
      "The project's set under faults (`bench/results/latest.json`):",
      "",
      renderArmsTable(project.report),
    );
  }
  return lines.join("\n");
}
