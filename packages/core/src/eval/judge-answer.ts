import type { MatchLevel } from "./expectation.js";
import { ndcgAt, recallAt, reciprocalRankAt } from "./ranking-metrics.js";

/** One answerable question's scores at k: document level, and section level where it applies. */
export interface JudgedAnswer {
  recall: number;
  reciprocalRank: number;
  ndcg: number;
  /** Undefined when no expectation of the question names a section. */
  sectionRecall: number | undefined;
  sectionReciprocalRank: number | undefined;
}

/**
 * Scores one ranking against what was expected. Section-level figures count only the
 * expectations that name a section; a question whose expectations name none has none.
 */
export function judgeAnswer<Result, Expected>(
  results: readonly Result[],
  expected: readonly Expected[],
  {
    k,
    answers,
    namesSection,
  }: {
    k: number;
    answers: (result: Result, expected: Expected, level: MatchLevel) => boolean;
    namesSection: (expected: Expected) => boolean;
  },
): JudgedAnswer {
  const atDocument = (result: Result, gold: Expected) => answers(result, gold, "document");
  const atSection = (result: Result, gold: Expected) => answers(result, gold, "section");
  const withSection = expected.filter(namesSection);
  return {
    recall: recallAt(results, expected, k, atDocument) ?? 0,
    reciprocalRank: reciprocalRankAt(results, expected, k, atDocument),
    ndcg: ndcgAt(results, expected, k, atDocument) ?? 0,
    sectionRecall:
      withSection.length === 0 ? undefined : recallAt(results, withSection, k, atSection),
    sectionReciprocalRank:
      withSection.length === 0 ? undefined : reciprocalRankAt(results, withSection, k, atSection),
  };
}
