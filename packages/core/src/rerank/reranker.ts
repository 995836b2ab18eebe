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
  /** The call's signal: aborts at its deadline or when the caller cancels. */
  signal?: AbortSignal;
  /** What is left of the call's deadline, in ms: a remote reranker must answer within it. */
  timeLeftMs?: number;
  /** Adds a line to the call's trace (a model reranker that timed out, say). */
  note?: (message: string) => void;
  /**
   * The backend's default lexical order (rerankerFor): a model reranker given no `lexical` of its
   * own shortlists by it, and keeps it when the model fails.
   */
  lexical?: LexicalReranker;
}

/**
 * Orders every candidate of a call, from every page and collection, best first. Swap it for a
 * hosted cross-encoder, say (`ModelReranker`); the client cuts the result to `resultCap`.
 */
export interface Reranker {
  rerank(request: RerankRequest): readonly RerankCandidate[] | Promise<readonly RerankCandidate[]>;
}

/**
 * A reranker that answers synchronously and cheaply: the paging decision asks it after every page,
 * and a model reranker refines its order (and falls back to it).
 */
export interface LexicalReranker extends Reranker {
  rerank(request: RerankRequest): RerankCandidate[];
}
