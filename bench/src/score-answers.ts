import { mean } from "@search-docs/measure";
import { type ResultTarget, recallAt, reciprocalRankAt } from "./gold-metrics.ts";
import type { BenchQuery } from "./load-queries.ts";

/** Recall@8 and MRR@8 at document and section level, over some answerable questions. */
export interface AnswerFigures {
  queries: number;
  recallAt8: number;
  sectionRecallAt8: number;
  mrrAt8: number;
  sectionMrrAt8: number;
}

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

const k = 8;

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
  const withSections = answers.filter(({ query }) =>
    query.gold.some((gold) => gold.section !== undefined),
  );
  return {
    queries: answers.length,
    recallAt8: mean(
      answers.map(({ targets, query }) => recallAt(targets, query.gold, k, "document") ?? 0),
    ),
    sectionRecallAt8: mean(
      withSections.map(({ targets, query }) => recallAt(targets, query.gold, k, "section") ?? 0),
    ),
    mrrAt8: mean(answers.map(({ targets, query }) => reciprocalRankAt(targets, query.gold, k))),
    sectionMrrAt8: mean(
      withSections.map(({ targets, query }) => reciprocalRankAt(targets, query.gold, k, "section")),
    ),
  };
}
