/**
 * When a collection's walk fetches its next page. Pages cost the backend (the seed's worst case
 * is 120 records fetched to return 8), so by default a walk stops once the upstream scores have
 * fallen far enough that later pages are unlikely to reach the top results; it never stops
 * while scores stay flat, and never goes past `limits.maxUpstreamPages`.
 */
export interface PagingPolicy {
  /** "exhaustive" walks every page up to the cap. */
  mode: "adaptive" | "exhaustive";
  /** Adaptive: stop when a page's lowest upstream score is below this share of the best seen. */
  scoreDropRatio: number;
}

export const defaultPagingPolicy: Readonly<PagingPolicy> = Object.freeze({
  mode: "adaptive",
  scoreDropRatio: 0.5,
});

/** True when the adaptive rule says the pages after this one cannot matter. */
export function scoresFellAway(
  policy: PagingPolicy,
  { bestScore, pageScores }: { bestScore: number; pageScores: readonly number[] },
): boolean {
  if (policy.mode === "exhaustive" || pageScores.length === 0 || bestScore <= 0) return false;
  const lowest = Math.min(...pageScores);
  return lowest < bestScore * policy.scoreDropRatio;
}
