import type { ResultTarget } from "./gold-metrics.ts";

/** One upstream request of a call, as the arm's own client timed it. */
export interface UpstreamRequestRecord {
  collectionId: string;
  /** HTTP status, or what happened instead of one. */
  status: number | string;
  /** The client's wait (backoff) before this request. */
  waitMs: number;
  /** From sending the request to having its response (headers and body). */
  latencyMs: number;
}

/** What one tool call did, the same shape for every arm. */
export interface CallRecord {
  status: string;
  moreMatchesExist: boolean;
  /** The model-facing output, for counting its tokens. */
  output: unknown;
  /** Where each returned result points, best first. */
  targets: ResultTarget[];
  /** Collections the call had in scope (its area's, or every one). */
  searchedCollections: readonly string[];
  requests: UpstreamRequestRecord[];
  /** Search items received from upstream, every page of every collection. */
  recordsFetched: number;
  /** How each collection's walk ended, where the client reports it (search-docs' trace). */
  stops?: string[];
  durationMs: number;
}
