import {
  compareRetrieval,
  type EvalQueries,
  type EvalSetup,
  type EvaluatedSearch,
  type EvaluateRunOptions,
} from "./compare-retrieval.js";
import type { RetrievalReport } from "./retrieval-report.js";

export type EvaluateRetrievalOptions = EvaluateRunOptions & Omit<EvalSetup, "docs">;

/**
 * Asks every question of the set through `docs.search` (the same call, areas and cut the agent
 * meets) and judges each answer by its status and its refs in order: recall@8, MRR@8, nDCG@8,
 * section-level hits, the no-answer rate; `unavailable` calls apart, with the trace's reasons.
 * A bad set throws `EvalQueryError` (with its line) before any question is asked.
 */
export async function evaluateRetrieval(
  docs: EvaluatedSearch,
  queries: EvalQueries,
  options: EvaluateRetrievalOptions,
): Promise<RetrievalReport> {
  const { concurrency, allowDrafted, onProgress, now, signal, ...setup } = options;
  const reports = await compareRetrieval({ only: { docs, ...setup } }, queries, {
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(allowDrafted === undefined ? {} : { allowDrafted }),
    ...(onProgress === undefined ? {} : { onProgress }),
    ...(now === undefined ? {} : { now }),
    ...(signal === undefined ? {} : { signal }),
  });
  return reports.only as RetrievalReport;
}
