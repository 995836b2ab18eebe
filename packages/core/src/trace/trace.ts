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
  /** The backend that answered: its `name` (`v2-http`, `elasticsearch`, `postgres`, ...). */
  backend: string;
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
  /**
   * Collections that could not be read, each with a typed reason: what made the answer
   * `unavailable`. A failure of kind `unauthorized` means the backend refused the caller's
   * credentials: the app should re-authenticate the user rather than ask them to retry.
   */
  failures: TraceFailure[];
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
  /**
   * What the engine answered: an HTTP status, a SQLSTATE, or what happened instead of one
   * (`"timeout"`, `"network"`, `"aborted"`; the outcome's kind when the backend said nothing).
   */
  status: number | string;
  /** How long the client waited before this attempt. */
  waitMs: number;
  /** How long it then waited for a free slot of the origin's in-flight bound, when it did. */
  queuedMs?: number;
  /** From sending the request to the end of reading its body (or to its failure). */
  latencyMs: number;
  /** What went wrong with this attempt, when something did (the body included). */
  failure?: FailureKind;
  /**
   * What the backend threw on this attempt, when it threw: its class and message, the caller's
   * credential scrubbed. Kept even when a retry then succeeds.
   */
  thrown?: string;
  /** Body bytes read, after decoding, for a response whose body was read. */
  bytes?: number;
  /** For a redirect (never followed): the origin it pointed to, or "unnamed"; never its path. */
  redirectOrigin?: string;
}

/**
 * Why a collection (or a document) could not be read, as a type the app can act on:
 * `unauthorized` (401: re-authenticate the user), `reindexing` (409 past its wait budget),
 * `load_shedding` (429), `server_error` (5xx), `timeout`, `network` (resets, bodies cut short),
 * `malformed` (a body off the wire's shape), `too_large` (past `limits.responseBytes` or
 * `limits.documentSections`), `redirect` (a 3xx, never followed), `rejected` (400 with no cursor
 * to blame), `deadline` (the call's deadline passed), `aborted` (the caller cancelled),
 * `misconfigured` (the engine says the collection does not exist: an unknown index or table is
 * never "nothing matched"), `unexpected` (any other status, or a backend that threw).
 */
export type FailureKind =
  | "unauthorized"
  | "reindexing"
  | "load_shedding"
  | "server_error"
  | "timeout"
  | "network"
  | "malformed"
  | "too_large"
  | "redirect"
  | "rejected"
  | "deadline"
  | "aborted"
  | "misconfigured"
  | "unexpected";

export interface TraceFailure {
  collectionId: string;
  area: string;
  kind: FailureKind;
  /** The same in words, as the notes give it. */
  reason: string;
}

export type CollectionStop =
  | "end"
  | "no_match"
  | "page_cap"
  | "adaptive"
  | "cursor_loop"
  | "missing_cursor"
  | "version_changed"
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

/** A call during which the backend refused the caller's credentials (401). */
export interface UnauthorizedEvent {
  tool: Trace["tool"];
  traceId: string;
  /** The collections that answered 401. */
  collectionIds: string[];
}

/**
 * Called once for each call the backend refused the caller's credentials on: re-authenticate the
 * user (refresh a token, sign them in again) instead of telling them to retry. What it throws is
 * ignored; the model still reads `unavailable`.
 */
export type OnUnauthorized = (event: UnauthorizedEvent) => void | Promise<void>;

/** Whether the backend refused the caller's credentials (401) during the traced call. */
export function wasUnauthorized(trace: Pick<Trace, "failures">): boolean {
  return trace.failures.some((failure) => failure.kind === "unauthorized");
}
