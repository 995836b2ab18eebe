import type { EvalQuerySet } from "./eval-query.js";
import type { QueryOutcome } from "./query-outcome.js";
import { ranking } from "./ranking-metrics.js";
import { type RetrievalFigures, retrievalFigures } from "./retrieval-figures.js";

/** Queries without an area searched every area; their group is named so. */
export const everyArea = "(every area)";

/** A question that came out wrong, with what came back instead. */
export interface RetrievalMiss {
  id: string;
  line: number;
  query: string;
  area?: string;
  /** Expected and not in the top 8; empty for a question nothing should answer. */
  missing: string[];
  /** What the model read instead: the status and the refs, best first. */
  status: string;
  returned: string[];
}

/** One run of a query set on one setup: the report's figures and every question's outcome. */
export interface RetrievalReport {
  source: string;
  /** Drafted by `eval init`: not a measurement (every rendering says so first). */
  drafted: boolean;
  k: number;
  overall: RetrievalFigures;
  byArea: Record<string, RetrievalFigures>;
  byTag: Record<string, RetrievalFigures>;
  /** Per collection: walks (calls that searched it) and upstream pages read. */
  collections: Record<string, { walks: number; pages: number; pagesPerWalk: number }>;
  misses: RetrievalMiss[];
  queries: QueryOutcome[];
}

export function retrievalReport(
  set: Pick<EvalQuerySet, "source" | "drafted">,
  outcomes: readonly QueryOutcome[],
): RetrievalReport {
  const areas = [...new Set(outcomes.map((outcome) => outcome.area ?? everyArea))].sort();
  const tags = [...new Set(outcomes.flatMap((outcome) => outcome.tags))].sort();
  const collections: RetrievalReport["collections"] = {};
  for (const outcome of outcomes) {
    for (const { collectionId, pages } of outcome.collections) {
      const entry = collections[collectionId] ?? { walks: 0, pages: 0, pagesPerWalk: 0 };
      entry.walks += 1;
      entry.pages += pages;
      entry.pagesPerWalk = entry.pages / entry.walks;
      collections[collectionId] = entry;
    }
  }
  return {
    source: set.source,
    drafted: set.drafted,
    k: ranking.k,
    overall: retrievalFigures(outcomes),
    byArea: Object.fromEntries(
      areas.map((area) => [
        area,
        retrievalFigures(outcomes.filter((outcome) => (outcome.area ?? everyArea) === area)),
      ]),
    ),
    byTag: Object.fromEntries(
      tags.map((tag) => [
        tag,
        retrievalFigures(outcomes.filter((outcome) => outcome.tags.includes(tag))),
      ]),
    ),
    collections,
    misses: outcomes.flatMap((outcome): RetrievalMiss[] => {
      const wrong =
        outcome.status !== "unavailable" &&
        (outcome.expect.length === 0
          ? outcome.status !== "no_matches"
          : outcome.missing.length > 0);
      if (!wrong) return [];
      return [
        {
          id: outcome.id,
          line: outcome.line,
          query: outcome.query,
          ...(outcome.area === undefined ? {} : { area: outcome.area }),
          missing: outcome.missing,
          status: outcome.status,
          returned: outcome.refs,
        },
      ];
    }),
    queries: [...outcomes],
  };
}
