/** What happened upstream during one tool call: for support engineers, never for the model. */
export interface Trace {
  traceId: string;
  /**
   * The OpenTelemetry trace id of this call's `execute_tool` span, when an SDK records it: the
   * way from this trace to the spans (and from there to the app's own).
   */
  otelTraceId?: string;
  /** The framework's id of this tool call, when it passed one (AI SDK, LangChain). */
  toolCallId?: string;
  tool: "search_docs" | "get_document";
  /** ISO time the call started. */
  startedAt: string;
  durationMs: number;
  /** The trimmed query (search_docs) or the ref (get_document). */
  query?: string;
  area?: string;
  ref?: string;
  requests: TraceRequest[];
  collections: TraceCollection[];
  /** Collections left out of the answer on purpose, and why. */
  omitted: TraceOmission[];
  /** Distinct candidates reranked, and how many were returned. */
  candidates: number;
  returned: number;
  /** True when the answer is not everything upstream had: page cap, early stop, cut to resultCap. */
  truncated: boolean;
  status: string;
  /** Plain-language notes: each unavailable collection and why, a caller's abort, a reranker failure. */
  notes: string[];
  /**
   * Set when the ref store failed or was too slow during the call, and how: search then issued
   * refs for this process only; get_document answered `unavailable`.
   */
  refStoreFailure?: string;
}

export interface TraceRequest {
  collectionId: string;
  area: string;
  kind: "search" | "document";
  /** 1-based page of this collection's walk (1 for documents). */
  page: number;
  /** 1-based attempt of this page. */
  attempt: number;
  /** HTTP status, or what happened instead of one. */
  status: number | "timeout" | "network" | "aborted";
  /** How long the client waited before this attempt. */
  waitMs: number;
  /** How long it then waited for a free slot of the origin's in-flight bound, when it did. */
  queuedMs?: number;
  latencyMs: number;
}

export type CollectionStop =
  | "end"
  | "no_match"
  | "page_cap"
  | "adaptive"
  | "cursor_loop"
  | "missing_cursor"
  | "forbidden"
  | "unavailable";

export interface TraceCollection {
  collectionId: string;
  area: string;
  pages: number;
  candidates: number;
  stop: CollectionStop;
  /** Why the collection stopped, in words, when it was not a plain end. */
  reason?: string;
}

export interface TraceOmission {
  collectionId: string;
  area: string;
  reason: "forbidden";
}

export type OnTrace = (trace: Trace) => void | Promise<void>;
