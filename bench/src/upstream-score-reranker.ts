import type { RerankCandidate, Reranker, RerankRequest } from "@search-docs/core";

/**
 * The one-page arm's order: the upstream's own scores, merged across collections, as a client
 * that just concatenates first pages would show them. Ties keep the upstream order.
 */
export const upstreamScoreReranker: Reranker = {
  rerank({ candidates }: RerankRequest): RerankCandidate[] {
    return candidates
      .map((candidate, index) => ({ candidate, index }))
      .sort(
        (left, right) =>
          right.candidate.upstreamScore - left.candidate.upstreamScore ||
          left.candidate.upstreamRank - right.candidate.upstreamRank ||
          left.index - right.index,
      )
      .map(({ candidate }) => candidate);
  },
};
