import { outcomePassed } from "./query-outcome.js";
import type { RetrievalReport } from "./retrieval-report.js";

/** A question whose result changed between the baseline and this run. */
export interface QueryChange {
  id: string;
  query: string;
  area?: string;
  before: { status: string; refs: string[] };
  after: { status: string; refs: string[] };
}

export interface BaselineComparison {
  /** Wrong in the baseline, right now (every expectation in the top 8, or no_matches for none). */
  fixed: QueryChange[];
  /** Right in the baseline, wrong now. */
  broken: QueryChange[];
  /** Quality figures that dropped by more than the tolerance. */
  drops: Array<{ figure: string; before: number; after: number }>;
  /** Questions in only one of the two runs, by id. */
  added: string[];
  removed: string[];
}

const figures = [
  ["recall@8", "recallAt8"],
  ["MRR@8", "mrrAt8"],
  ["nDCG@8", "ndcgAt8"],
  ["section recall@8", "sectionRecallAt8"],
  ["section MRR@8", "sectionMrrAt8"],
] as const;

/**
 * What changed per question (by id), and which quality figures dropped beyond `tolerance`
 * (absolute, default 0). Unavailable calls neither fix nor break a question: an outage says
 * nothing about ranking.
 */
export function compareToBaseline(
  current: RetrievalReport,
  baseline: RetrievalReport,
  { tolerance = 0 }: { tolerance?: number } = {},
): BaselineComparison {
  const before = new Map(baseline.queries.map((outcome) => [outcome.id, outcome]));
  const now = new Map(current.queries.map((outcome) => [outcome.id, outcome]));
  const fixed: QueryChange[] = [];
  const broken: QueryChange[] = [];
  for (const outcome of current.queries) {
    const previous = before.get(outcome.id);
    if (previous === undefined) continue;
    const was = outcomePassed(previous);
    const is = outcomePassed(outcome);
    if (was === undefined || is === undefined || was === is) continue;
    const change: QueryChange = {
      id: outcome.id,
      query: outcome.query,
      ...(outcome.area === undefined ? {} : { area: outcome.area }),
      before: { status: previous.status, refs: previous.refs },
      after: { status: outcome.status, refs: outcome.refs },
    };
    (is ? fixed : broken).push(change);
  }
  const drops = figures.flatMap(([figure, read]) => {
    const was = baseline.overall[read];
    const is = current.overall[read];
    if (Number.isNaN(was)) return [];
    // A figure that could not be measured now has dropped as far as a gate is concerned.
    if (Number.isNaN(is) || was - is > tolerance) return [{ figure, before: was, after: is }];
    return [];
  });
  return {
    fixed,
    broken,
    drops,
    added: [...now.keys()].filter((id) => !before.has(id)),
    removed: [...before.keys()].filter((id) => !now.has(id)),
  };
}
