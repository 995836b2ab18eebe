/**
 * When a collection's walk fetches its next page. Pages cost the backend (the seed's worst case
 * is 120 records fetched to return 8), so by default a walk stops once the upstream scores have
 * fallen far enough that later pages are unlikely to reach the top results; it never stops
 * while scores stay flat, and never goes past `limits.maxUpstreamPages`.
 *
 * `more_matches_exist` stays truthful under the stop: a walk that stops early while the backend
 * still says `has_more: true` counts as truncated (its trace stop is "adaptive"), exactly like
 * one that reached the page cap, so the model is told more matches exist. Only a collection
 * whose backend said `has_more: false` (or 404) counts as exhausted.
 */
export interface PagingPolicy {
  /** "exhaustive" walks every page up to the cap. */
  mode: "adaptive" | "exhaustive";
  /**
   * Adaptive: stop after a page whose lowest upstream score is below this share of the best
   * score seen in the collection. 0 never stops early; 1 stops after any page that is not flat.
   */
  scoreDropRatio: number;
  /**
   * Adaptive: from the second page on, also stop after a page that put none of its hits into
   * the collection's top results (by the lexical reranker): pages come in falling upstream
   * order, so once one adds nothing to the top, the next is unlikely to.
   */
  stopWhenTopSettles: boolean;
  /**
   * Scores count as flat while a page's lowest is at least this share of the best seen; the
   * settled-top rule never stops a walk whose scores stay flat (a flat page may still hold the
   * answer the reranker would lift).
   */
  flatScoreRatio: number;
  /** Adaptive: how deep into the last page read the top results may reach and still read on. */
  tailItems: number;
}

/**
 * 0.25 was chosen on the project's own task set (bench/, `node bench/src/tune.ts`): every ratio
 * from 0 to 0.3 loses no recall@8 (document or section) against walking every page, and 0.25 sits
 * one step inside that range at 1.04 upstream requests per searched collection on average.
 */
export const defaultPagingPolicy: Readonly<PagingPolicy> = Object.freeze({
  mode: "adaptive",
  scoreDropRatio: 0.25,
  stopWhenTopSettles: true,
  flatScoreRatio: 0.75,
  tailItems: 5,
});

/** True when any hit of the last page is among the first `cap` of the collection's order. */
export function pageReachedTop<Hit>(
  ranked: readonly Hit[],
  page: readonly Hit[],
  cap: number,
): boolean {
  const top = new Set(ranked.slice(0, cap));
  return page.some((hit) => top.has(hit));
}

/** True while the page's scores stay close to the best seen: no early stop then. */
export function scoresStayFlat(
  policy: PagingPolicy,
  { bestScore, pageScores }: { bestScore: number; pageScores: readonly number[] },
): boolean {
  if (pageScores.length === 0 || bestScore <= 0) return true;
  return Math.min(...pageScores) >= bestScore * policy.flatScoreRatio;
}

/** True when the adaptive rule says the pages after this one cannot matter. */
export function scoresFellAway(
  policy: PagingPolicy,
  { bestScore, pageScores }: { bestScore: number; pageScores: readonly number[] },
): boolean {
  if (policy.mode === "exhaustive" || pageScores.length === 0 || bestScore <= 0) return false;
  let lowest = Number.POSITIVE_INFINITY;
  for (const score of pageScores) if (score < lowest) lowest = score;
  return lowest < bestScore * policy.scoreDropRatio;
}

/** The adaptive stop's one parameter: how deep into the last page the top results may reach. */
export interface TailRule {
  tailItems: number;
}

/** Whether a walk reads its next page, and when it does not, why (for the trace). */
export type NextPageDecision = { read: true } | { read: false; reason: string };

/**
 * Adaptive paging: read the next page only while it can still change the top results. Pages come
 * in falling upstream order, so the next page's hits look like the tail of the last one, only
 * weaker; if none of the last `tailItems` made this collection's top `resultCap` (its hits so far,
 * in the lexical order, cut as the answer is cut), the next page is unlikely to. A top that is
 * not yet full always reads on: anything the next page holds would make the answer.
 */
export function readsNextPage<Hit>(
  rule: TailRule,
  {
    top,
    page,
    pageNumber,
    resultCap,
  }: { top: readonly Hit[]; page: readonly Hit[]; pageNumber: number; resultCap: number },
): NextPageDecision {
  if (top.length < resultCap) return { read: true };
  const tail = new Set(page.slice(Math.max(0, page.length - rule.tailItems)));
  if (top.some((hit) => tail.has(hit))) return { read: true };
  return {
    read: false,
    reason: `the top ${resultCap} holds none of the last ${Math.min(rule.tailItems, page.length)} hits of page ${pageNumber}: the next page is unlikely to change it`,
  };
}
