import type { JudgedAnswer } from "./judge-answer.js";
import { mean } from "./percentile.js";

/** Recall@8, MRR@8 and nDCG@8 over some answerable questions; section level where they name one. */
export interface AnswerFigures {
  queries: number;
  recallAt8: number;
  sectionRecallAt8: number;
  mrrAt8: number;
  sectionMrrAt8: number;
  ndcgAt8: number;
}

/**
 * Means over the questions, in the order given (bench and eval call this one function, so their
 * figures agree to the last digit). Section-level means are over the questions that name a
 * section; NaN where nothing counts, so an empty group never reads as 0.
 */
export function answerFigures(judged: readonly JudgedAnswer[]): AnswerFigures {
  const withSections = judged.filter((answer) => answer.sectionRecall !== undefined);
  return {
    queries: judged.length,
    recallAt8: mean(judged.map((answer) => answer.recall)),
    sectionRecallAt8: mean(withSections.map((answer) => answer.sectionRecall ?? 0)),
    mrrAt8: mean(judged.map((answer) => answer.reciprocalRank)),
    sectionMrrAt8: mean(withSections.map((answer) => answer.sectionReciprocalRank ?? 0)),
    ndcgAt8: mean(judged.map((answer) => answer.ndcg)),
  };
}
