import type { AttemptOutcome } from "./attempt-outcome.js";

/** What an upstream HTTP status means to the client (DESIGN.md section 2). */
export type StatusMeaning =
  /** 404: nothing matched, or no such document. An ordinary outcome, never retried. */
  | "not_found"
  /** 403: this caller can never read it. Never retried. */
  | "forbidden"
  /** 400: the request was refused as sent; mid-walk, a stale cursor. */
  | "rejected"
  /** 409: the collection is being reindexed; waited out within its budget. */
  | "conflict"
  /** 401: the caller's credentials were refused. Never retried. */
  | "unauthorized"
  /** Load shedding, server errors: retried with backoff (`RetryPolicy.transientStatusCodes`). */
  | "transient"
  /** Anything else: that collection is unavailable, never retried. */
  | "unexpected";

/**
 * The statuses whose meaning the wire fixes. They win over the retry policy: listing 403 or 404
 * as transient cannot make them retried.
 */
export const statusTable: Readonly<Record<number, StatusMeaning>> = Object.freeze({
  400: "rejected",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
});

/** A status's meaning: the table's, else transient when the policy lists it, else unexpected. */
export function statusMeaning(
  status: number,
  transientStatusCodes: readonly number[],
): StatusMeaning {
  return (
    statusTable[status] ?? (transientStatusCodes.includes(status) ? "transient" : "unexpected")
  );
}

/**
 * What an attempt that brought no usable status means. Timeouts and resets, before the headers
 * or while the body is read, are transient. A redirect is never followed (a caller's header must
 * not reach another origin, and a loop must not spin), and a body past `limits.responseBytes`
 * would be as large again: both are unavailable at once.
 */
export const outcomeMeanings: Readonly<
  Record<Exclude<AttemptOutcome["kind"], "response">, StatusMeaning>
> = Object.freeze({
  timeout: "transient",
  network: "transient",
  too_large: "unexpected",
  redirect: "unexpected",
  failed: "unexpected",
});
