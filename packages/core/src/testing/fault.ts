// Every fault may be bounded: `requests` counts only the requests the fault actually fired on,
// `durationMs` runs from the moment the fault is set. Neither bound means "until cleared".

/** 409 `{"error":"reindexing"}`: the collection is being rebuilt after a docs deploy. */
export interface ReindexFault {
  kind: "reindex";
  requests?: number;
  durationMs?: number;
  /** Sent as `Retry-After` when given; a real reindex often says nothing. */
  retryAfterSeconds?: number;
}

/** 429 with `Retry-After` (default 1 second): load shedding. */
export interface ShedFault {
  kind: "shed";
  /** Probability per request, 0..1 (default 1). */
  rate?: number;
  requests?: number;
  durationMs?: number;
  retryAfterSeconds?: number;
}

/** A server error, 503 by default; any 4xx/5xx status is accepted to test unexpected answers. */
export interface ErrorFault {
  kind: "error";
  status?: number;
  rate?: number;
  requests?: number;
  durationMs?: number;
}

/** 200 with a body that is not the wire shape: invalid JSON, then JSON without `items`, alternately. */
export interface MalformedFault {
  kind: "malformed";
  rate?: number;
  requests?: number;
}

/** The socket is destroyed without a response. */
export interface ResetFault {
  kind: "reset";
  rate?: number;
  requests?: number;
}

/** The response is delayed by `ms`, then answered normally. */
export interface SlowFault {
  kind: "slow";
  ms: number;
  rate?: number;
  requests?: number;
}

/**
 * `collection_version` increments after `afterRequests` more requests (default 0: on the next
 * one), so cursors issued before then are rejected with 400 `invalid_cursor`.
 */
export interface VersionFlipFault {
  kind: "version-flip";
  afterRequests?: number;
}

/** A fault injected into one collection; it applies to its search and document requests alike. */
export type Fault =
  | ReindexFault
  | ShedFault
  | ErrorFault
  | MalformedFault
  | ResetFault
  | SlowFault
  | VersionFlipFault;
