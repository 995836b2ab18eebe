import { type AnswerFigures, answerFigures, judgeAnswer, ranking } from "@search-docs/core/eval";
import { answersGold, namesSection, type ResultTarget } from "./gold-metrics.ts";
import type { BenchQuery } from "./load-queries.ts";

/** Recall@8, MRR@8 and nDCG@8 at document and section level: core's, as `search-docs eval` prints them. */
export type { AnswerFigures };

export interface AnswerScores extends AnswerFigures {
  /** The same figures per query kind (sets without kinds count under "all"). */
  byKind: Record<string, AnswerFigures>;
  /** Questions with no answer in the corpus, and how many the tool answered `no_matches`. */
  noAnswer: { queries: number; noMatches: number };
}

export interface AnsweredQuery {
  query: BenchQuery;
  targets: readonly ResultTarget[];
  status?: string;
}

const { k } = ranking;

/**
 * Scores the answers of one arm on one set. Recall and MRR are over the answerable questions only
 * (a question with no gold can neither be recalled nor ranked); section-level figures over the
 * questions whose golds name a section.
 */
export function scoreAnswers(answers: readonly AnsweredQuery[]): AnswerScores {
  const answerable = answers.filter(({ query }) => query.gold.length > 0);
  const kinds = [...new Set(answerable.map(({ query }) => query.kind ?? "all"))].sort();
  const unanswerable = answers.filter(({ query }) => query.gold.length === 0);
  return {
    ...figures(answerable),
    byKind: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        figures(answerable.filter(({ query }) => (query.kind ?? "all") === kind)),
      ]),
    ),
    noAnswer: {
      queries: unanswerable.length,
      noMatches: unanswerable.filter(({ status }) => status === "no_matches").length,
    },
  };
}

function figures(answers: readonly AnsweredQuery[]): AnswerFigures {
  return answerFigures(
    answers.map(({ targets, query }) =>
      judgeAnswer(targets, query.gold, { k, answers: answersGold, namesSection }),
    ),
  );
}
