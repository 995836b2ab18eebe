import type { BackendFailure } from "../backend/search-backend.js";
import type { Random } from "../util/clock.js";
import { backoffDelay, type RetryPolicy } from "./retry-policy.js";

/** One collection's rebuild wait budget within one call, shared by all its pages; the session keeps it. */
export interface ConflictBudget {
  /** Milliseconds charged so far (each retry at least its backoff ceiling). */
  waitedMs: number;
  retries: number;
}

/** Everything the decision depends on after a failed attempt, looked up beforehand. */
export interface RetryInput {
  /** What the attempt came to, in the backends' vocabulary. */
  failure: BackendFailure;
  /** Attempts made for this request, the failed one included. */
  attempt: number;
  /** Transient (and overloaded) retries this request has already made. */
  transientRetries: number;
  conflictBudget: Readonly<ConflictBudget>;
  /** The reindex memory holds this collection (read only for `rebuilding`). */
  reindexing: boolean;
  /** Milliseconds left before the call's deadline. */
  remainingMs: number;
  /** The process-wide retry budget has room for one more retry. */
  retryBudgetHasRoom: boolean;
}

export interface RetryRules {
  policy: RetryPolicy;
  /** `limits.conflictWaitMs`: how long one collection may wait out a rebuild in one call. */
  conflictWaitMs: number;
  random: Random;
}

/** What a retry costs: the caller adds these to its budgets and takes one process-wide retry. */
export interface RetryCharge {
  conflictWaitedMs: number;
  conflictRetries: number;
  transientRetries: number;
}

export type RetryDecision = { waitMs: number; charge: RetryCharge } | { giveUp: string };

/**
 * The retry decision, as a pure function of what happened and what is left, keyed on the
 * failure's kind (never on an engine's status codes): retry after `waitMs` (and charge the
 * budgets so), or give up with the reason the trace shows. Synchronous and clock-free, so every
 * rule is testable with fixed inputs.
 */
export function decideRetry(input: RetryInput, rules: RetryRules): RetryDecision {
  const { failure, conflictBudget } = input;
  const { policy, conflictWaitMs, random } = rules;
  const retryAfter = "retryAfterMs" in failure ? failure.retryAfterMs : undefined;

  let waitMs: number;
  let charge: RetryCharge;
  if (failure.kind === "rebuilding") {
    // The collection is being rebuilt (v2: 409, ~90 s after a deploy); wait within its budget.
    if (input.reindexing) {
      return { giveUp: `${describeFailure(failure)}, still within the remembered reindex window` };
    }
    const budgetLeft = conflictWaitMs - conflictBudget.waitedMs;
    const backoff = {
      retry: conflictBudget.retries + 1,
      baseMs: policy.conflictBaseDelayMs,
      capMs: policy.maxDelayMs,
    };
    waitMs = retryAfter ?? Math.min(budgetLeft, backoffDelay({ ...backoff, random }));
    if (budgetLeft <= 0 || waitMs > budgetLeft) {
      return { giveUp: `${describeFailure(failure)} past its ${conflictWaitMs} ms wait budget` };
    }
    // Each retry is charged at least its backoff ceiling: a `Retry-After: 0` or a tiny jitter
    // draw must not turn the wait budget into a tight loop against a collection being rebuilt.
    const ceiling = backoffDelay({ ...backoff, random: () => 1 });
    charge = {
      conflictWaitedMs: Math.max(waitMs, ceiling),
      conflictRetries: 1,
      transientRetries: 0,
    };
  } else if (failure.kind === "overloaded" || failure.kind === "transient") {
    if (input.transientRetries + 1 >= policy.transientAttempts) {
      return { giveUp: describeFailure(failure, input.attempt) };
    }
    waitMs =
      retryAfter ??
      backoffDelay({
        retry: input.transientRetries + 1,
        baseMs: policy.baseDelayMs,
        capMs: policy.maxDelayMs,
        random,
      });
    charge = { conflictWaitedMs: 0, conflictRetries: 0, transientRetries: 1 };
  } else {
    // forbidden, unauthorized, a stale continuation and every `failed` cause: never retried, so
    // the attempt count says nothing.
    return { giveUp: describeFailure(failure) };
  }

  if (waitMs >= input.remainingMs) {
    // Retry-After is authoritative, so a wait that does not fit the deadline means giving up now.
    return {
      giveUp: `${describeFailure(failure)}: a ${round(waitMs)} ms wait does not fit the ${round(input.remainingMs)} ms left`,
    };
  }
  if (!input.retryBudgetHasRoom) {
    return { giveUp: `${describeFailure(failure)}: the process-wide retry budget is spent` };
  }
  return { waitMs, charge };
}

const kindWords: Readonly<Record<BackendFailure["kind"], string>> = Object.freeze({
  rebuilding: "rebuilding",
  overloaded: "overloaded",
  transient: "transient failure",
  forbidden: "forbidden",
  unauthorized: "unauthorized: the caller's credentials were refused",
  stale_continuation: "the collection changed under the walk",
  failed: "failed",
});

/** The failure in words for a trace, optionally "after N attempts". Never holds a credential. */
export function describeFailure(failure: BackendFailure, attempts?: number): string {
  const what =
    failure.reason ??
    (failure.kind === "failed" ? `failed (${failure.cause})` : kindWords[failure.kind]);
  if (attempts === undefined) return what;
  return `${what} after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
