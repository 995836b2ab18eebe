/**
 * When a collection's walk fetches its next page. Pages cost the backend (the seed's worst case
 * is 120 records fetched to return 8), so by default a walk reads the next page only while that
 * page can still change the top results, and never past `limits.maxUpstreamPages`.
 *
 * `more_matches_exist` stays truthful under the stop: a walk that stops early while the backend
 * still says `has_more: true` ends with the trace stop "adaptive", which means "more exist", so
 * the model is told more matches exist. Only `has_more: false` (or 404) ends a walk as exhausted.
 */
export interface PagingPolicy {
  /** "exhaustive" walks every page up to the cap. */
  mode: "adaptive" | "exhaustive";
  /**
   * Adaptive: read on while one of the last page's `tailItems` lowest-ranked hits made the
   * collection's top results (the reranker lifts hits from deep in the page, so the next page's may
   * be lifted too). 0 reads on only for a top that is not yet full or a page whose scores stayed
   * flat; a page size (20) reads on whenever any hit of the last page made the top.
   */
  tailItems: number;
  /**
   * Adaptive: read on, whatever the tail, while the last page's lowest upstream score is at least
   * this share of the collection's best: the backend cannot tell those hits apart, so the next
   * page's may tie with the top and the reranker lift them. 1 turns the guard off but for
   * constant scores; it never fired on the three benchmark sets (bench/README.md).
   */
  flatScoreRatio: number;
}

/**
 * `tailItems` 0 was chosen by measurement (`node bench/src/tune.ts`, bench/README.md): with the
 * default reranker, which keeps the backend's score first, reading on when the top reaches into a
 * page's last 3, 5 or 8 hits costs 1.01 to 1.27 requests per searched collection and answered no
 * set better than stopping once the top is full (1.00 to 1.01); every page costs 3.3 to 3.8 on the
 * shared corpus for the same recall@8. A reranker that lifts deep hits (a heavy title weight, say)
 * wants a tail: `paging: { tailItems: 5 }`.
 */
export const defaultPagingPolicy: Readonly<PagingPolicy> = Object.freeze({
  mode: "adaptive",
  tailItems: 0,
  flatScoreRatio: 0.75,
});

/**
 * Whether `readsNextPage` reads the order of `top` or only its size: only the tail test
 * (`tailItems` > 0) reads the order. The size of a cut does not depend on the order it is cut from
 * (`capPerDocument` keeps min(resultCap, the sum over documents of min(its hits, perDocument))),
 * so under the default policy a walk decides on an unranked cut and ranks nothing until the
 * answer: at 64 collections that was a tenth of a call's CPU.
 */
export function readsTopOrder(policy: PagingPolicy): boolean {
  return policy.mode === "adaptive" && policy.tailItems > 0;
}

/** Whether a walk reads its next page, and when it does not, why (for the trace). */
export type NextPageDecision = { read: true } | { read: false; reason: string };

/**
 * Adaptive paging: read the next page only while it can still change the top results. Pages come
 * in falling upstream order, so the next page's hits look like the tail of the last one, only
 * weaker; if none of the last `tailItems` made this collection's top `resultCap` (its hits so far,
 * in the lexical order, cut as the answer is cut), the next page is unlikely to. A top that is
 * not yet full always reads on: anything the next page holds would make the answer; so does a
 * page whose scores stayed flat (`flatScoreRatio`).
 */
export function readsNextPage<Hit>(
  policy: PagingPolicy,
  {
    top,
    page,
    pageNumber,
    resultCap,
    bestScore,
    lowestScore,
  }: {
    top: readonly Hit[];
    page: readonly Hit[];
    pageNumber: number;
    resultCap: number;
    /** The collection's best upstream score so far, and the last page's lowest. */
    bestScore: number;
    lowestScore: number;
  },
): NextPageDecision {
  if (policy.mode === "exhaustive" || top.length < resultCap) return { read: true };
  if (bestScore > 0 && lowestScore >= bestScore * policy.flatScoreRatio) return { read: true };
  const tail = new Set(page.slice(Math.max(0, page.length - policy.tailItems)));
  if (top.some((hit) => tail.has(hit))) return { read: true };
  const tailItems = Math.min(policy.tailItems, page.length);
  return {
    read: false,
    reason:
      tailItems === 0
        ? `the top ${resultCap} is full after page ${pageNumber} and its scores fell: the next page is unlikely to change it`
        : `the top ${resultCap} holds none of the last ${tailItems} hits of page ${pageNumber}: the next page is unlikely to change it`,
  };
}
