import { type AnswerFigures, answerFigures } from "./answer-figures.js";
import { mean, percentile } from "./percentile.js";
import type { QueryOutcome } from "./query-outcome.js";

/** Every figure of one group of questions (all of them, an area's, a tag's). */
export interface RetrievalFigures extends AnswerFigures {
  /** Questions run; `queries` (from AnswerFigures) counts the answerable ones that were answered. */
  calls: number;
  /** Questions nothing should answer, answered (not unavailable), and how many said `no_matches`. */
  noAnswer: { queries: number; noMatches: number; rate: number };
  /** Calls answered `unavailable`, apart from every quality figure, with the trace's reasons. */
  unavailable: { calls: number; reasons: Record<string, number> };
  latencyMs: { p50: number; p95: number };
  /** Upstream pages per collection walk. */
  pagesPerCollection: { mean: number; p95: number };
}

/**
 * Summarizes outcomes. An `unavailable` call is counted apart and left out of recall, MRR, nDCG
 * and the no-answer rate: an outage is not a ranking miss, and never an answer of "nothing".
 */
export function retrievalFigures(outcomes: readonly QueryOutcome[]): RetrievalFigures {
  const answered = outcomes.filter((outcome) => outcome.status !== "unavailable");
  const judged = answered.flatMap((outcome) => (outcome.scores ? [outcome.scores] : []));
  const unanswerable = answered.filter((outcome) => outcome.expect.length === 0);
  const noMatches = unanswerable.filter((outcome) => outcome.status === "no_matches").length;
  const reasons: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (outcome.status !== "unavailable") continue;
    for (const kind of new Set(outcome.failures.map((failure) => failure.kind))) {
      reasons[kind] = (reasons[kind] ?? 0) + 1;
    }
  }
  const latencies = outcomes.map((outcome) => outcome.latencyMs);
  const pages = outcomes.flatMap((outcome) => outcome.collections.map((walk) => walk.pages));
  return {
    calls: outcomes.length,
    ...answerFigures(judged),
    noAnswer: {
      queries: unanswerable.length,
      noMatches,
      rate: unanswerable.length === 0 ? Number.NaN : noMatches / unanswerable.length,
    },
    unavailable: { calls: outcomes.length - answered.length, reasons },
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    pagesPerCollection: { mean: mean(pages), p95: percentile(pages, 95) },
  };
}
