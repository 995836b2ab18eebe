import type { Random } from "../util/clock.js";
import { type AttemptOutcome, describeOutcome } from "./attempt-outcome.js";
import { parseRetryAfter } from "./parse-retry-after.js";
import { backoffDelay, type RetryPolicy } from "./retry-policy.js";
import { outcomeMeanings, statusMeaning } from "./status-table.js";

/** One collection's 409 wait budget within one call, shared by all its pages; the client keeps it. */
export interface ConflictBudget {
  /** Milliseconds charged so far (each retry at least its backoff ceiling). */
  waitedMs: number;
  retries: number;
}

/** Everything the decision depends on after a failed attempt, looked up beforehand. */
export interface RetryInput {
  outcome: AttemptOutcome;
  /** Attempts made for this request, the failed one included. */
  attempt: number;
  /** Transient retries this request has already made. */
  transientRetries: number;
  conflictBudget: Readonly<ConflictBudget>;
  /** The reindex memory holds this collection (read only for a 409). */
  reindexing: boolean;
  /** Milliseconds left before the call's deadline. */
  remainingMs: number;
  /** Wall time, epoch milliseconds: a `Retry-After` HTTP date is relative to it. */
  epochMs: number;
  /** The process-wide retry budget has room for one more retry. */
  retryBudgetHasRoom: boolean;
}

export interface RetryRules {
  policy: RetryPolicy;
  /** `limits.conflictWaitMs`: how long one collection may wait out a 409 in one call. */
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
 * The retry decision, as a pure function of what happened and what is left: retry after
 * `waitMs` (and charge the budgets so), or give up with the reason the trace shows. Synchronous
 * and clock-free, so every rule is testable with fixed inputs.
 */
export function decideRetry(input: RetryInput, rules: RetryRules): RetryDecision {
  const { outcome, conflictBudget } = input;
  const { policy, conflictWaitMs, random } = rules;
  const meaning =
    outcome.kind === "response"
      ? statusMeaning(outcome.status, policy.transientStatusCodes)
      : outcomeMeanings[outcome.kind];
  const retryAfter =
    outcome.kind === "response" && policy.retryAfterStatusCodes.includes(outcome.status)
      ? parseRetryAfter(outcome.headers.get("retry-after"), input.epochMs)
      : undefined;

  let waitMs: number;
  let charge: RetryCharge;
  if (meaning === "conflict") {
    // 409: the collection is being reindexed (~90 s after a deploy); wait within its budget.
    if (input.reindexing) {
      return { giveUp: "reindexing (409), still within the remembered reindex window" };
    }
    const budgetLeft = conflictWaitMs - conflictBudget.waitedMs;
    const backoff = {
      retry: conflictBudget.retries + 1,
      baseMs: policy.conflictBaseDelayMs,
      capMs: policy.maxDelayMs,
    };
    waitMs = retryAfter ?? Math.min(budgetLeft, backoffDelay({ ...backoff, random }));
    if (budgetLeft <= 0 || waitMs > budgetLeft) {
      return { giveUp: `reindexing (409) past its ${conflictWaitMs} ms wait budget` };
    }
    // Each retry is charged at least its backoff ceiling: a `Retry-After: 0` or a tiny jitter
    // draw must not turn the wait budget into a tight loop against a collection being rebuilt.
    const ceiling = backoffDelay({ ...backoff, random: () => 1 });
    charge = {
      conflictWaitedMs: Math.max(waitMs, ceiling),
      conflictRetries: 1,
      transientRetries: 0,
    };
  } else if (meaning === "transient") {
    if (input.transientRetries + 1 >= policy.transientAttempts) {
      return { giveUp: describeOutcome(outcome, input.attempt) };
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
    // 404, 403, 400, 401, redirects, bodies too large and anything unexpected: never retried.
    return { giveUp: describeOutcome(outcome, input.attempt) };
  }

  if (waitMs >= input.remainingMs) {
    // Retry-After is authoritative, so a wait that does not fit the deadline means giving up now.
    return {
      giveUp: `${describeOutcome(outcome)}: a ${round(waitMs)} ms wait does not fit the ${round(input.remainingMs)} ms left`,
    };
  }
  if (!input.retryBudgetHasRoom) {
    return { giveUp: `${describeOutcome(outcome)}: the process-wide retry budget is spent` };
  }
  return { waitMs, charge };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
