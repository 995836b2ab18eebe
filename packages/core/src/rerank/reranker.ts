/** One distinct search hit, as the reranker sees it. */
export interface RerankCandidate {
  /** Stable key of the hit: collection, document and section. */
  key: string;
  title: string;
  snippet: string;
  area: string;
  /** ISO date or timestamp, when the backend gave one. */
  updated: string | undefined;
  /** 0-based position in its collection's upstream order (page after page). */
  upstreamRank: number;
  upstreamScore: number;
}

export interface RerankRequest {
  query: string;
  candidates: readonly RerankCandidate[];
  /** Set only when the opt-in `recency` argument is enabled and the model chose it. */
  prefer?: "relevance" | "recent";
  signal?: AbortSignal;
}

/**
 * Orders every candidate of a call, from every page and collection, best first. Swap it for a
 * hosted cross-encoder, say; the client cuts the result to `resultCap`.
 */
export interface Reranker {
  rerank(request: RerankRequest): readonly RerankCandidate[] | Promise<readonly RerankCandidate[]>;
}
