import type { RetrievalReport } from "./retrieval-report.js";

/** CI gates, any subset: a figure below its minimum, or unavailable calls above their maximum. */
export interface RetrievalGates {
  minRecall?: number | undefined;
  minMrr?: number | undefined;
  minNdcg?: number | undefined;
  maxUnavailable?: number | undefined;
}

const minimums = [
  { gate: "minRecall", flag: "--min-recall", figure: "recall@8", read: "recallAt8" },
  { gate: "minMrr", flag: "--min-mrr", figure: "MRR@8", read: "mrrAt8" },
  { gate: "minNdcg", flag: "--min-ndcg", figure: "nDCG@8", read: "ndcgAt8" },
] as const;

/** One line per broken gate, empty when every gate holds. */
export function checkGates(report: RetrievalReport, gates: RetrievalGates): string[] {
  const broken: string[] = [];
  for (const { gate, flag, figure, read } of minimums) {
    const minimum = gates[gate];
    if (minimum === undefined) continue;
    const value = report.overall[read];
    if (Number.isNaN(value)) {
      // No answerable question was answered: a gate on quality cannot hold on no evidence.
      broken.push(`${figure} has no answered question to measure (${flag} ${minimum})`);
    } else if (value < minimum) {
      broken.push(`${figure} ${value.toFixed(3)} is below ${flag} ${minimum}`);
    }
  }
  const { maxUnavailable } = gates;
  const unavailable = report.overall.unavailable.calls;
  if (maxUnavailable !== undefined && unavailable > maxUnavailable) {
    const reasons = Object.entries(report.overall.unavailable.reasons)
      .map(([kind, calls]) => `${kind} ${calls}`)
      .join(", ");
    broken.push(
      `${unavailable} unavailable call${unavailable === 1 ? "" : "s"} (${reasons}) is above --max-unavailable ${maxUnavailable}`,
    );
  }
  return broken;
}
