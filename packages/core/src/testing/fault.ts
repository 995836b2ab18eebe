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

// The faults below misbehave after the headers (or answer with a redirect), where a client's
// timeouts, size limits and retry rules are easiest to get wrong.

/** 200 and the headers at once, then the real body one byte per `intervalMs` (default 100). */
export interface StallFault {
  kind: "stall";
  intervalMs?: number;
  rate?: number;
  requests?: number;
}

/**
 * 200, then a body that never ends: search items, as fast as the client reads them (a document
 * request gets the same search-shaped stream; it never ends, so its shape is never read).
 */
export interface EndlessFault {
  kind: "endless";
  rate?: number;
  requests?: number;
}

/** 200 with the real answer padded to `bytes` (default 8 MiB), its length said up front. */
export interface OversizedFault {
  kind: "oversized";
  bytes?: number;
  rate?: number;
  requests?: number;
}

/**
 * 200 with `content-encoding: gzip`: a small body that inflates to `inflatedBytes` (default
 * 64 MiB) of a valid search page, so a client that inflates a search's whole also parses it (a
 * document request gets the same page, which is no document).
 */
export interface GzipBombFault {
  kind: "gzip-bomb";
  inflatedBytes?: number;
  rate?: number;
  requests?: number;
}

/**
 * A redirect (`status`, default 302): to the same path on `service.elsewhereUrl`, another origin
 * whose requests are recorded with `elsewhere: true` (`to: "other-origin"`, the default), or to
 * the request's own URL (`to: "loop"`).
 */
export interface RedirectFault {
  kind: "redirect";
  to?: "other-origin" | "loop";
  status?: 301 | 302 | 303 | 307 | 308;
  rate?: number;
  requests?: number;
}

/** 200 with the answer's real length, half the body, then the socket is destroyed. */
export interface ResetMidBodyFault {
  kind: "reset-mid-body";
  rate?: number;
  requests?: number;
}

/** A fault injected into one collection; it applies to its search and document requests alike. */
export type Fault =
  | ReindexFault
  | ShedFault
  | ErrorFault
  | MalformedFault
  | ResetFault
  | SlowFault
  | VersionFlipFault
  | BodyFault;

/** The faults that act once the answer is known: in its body, or by redirecting it. */
export type BodyFault =
  | StallFault
  | EndlessFault
  | OversizedFault
  | GzipBombFault
  | RedirectFault
  | ResetMidBodyFault;

/** The kinds of `BodyFault`: the faults after the headers. */
export const bodyFaultKinds: readonly BodyFault["kind"][] = Object.freeze([
  "stall",
  "endless",
  "oversized",
  "gzip-bomb",
  "redirect",
  "reset-mid-body",
]);
