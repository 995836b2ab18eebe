/**
 * How upstream trouble is retried, as plain data. Two families:
 * - transient (429, 5xx, timeouts, resets): a few attempts, exponential backoff with full jitter;
 * - conflict (409, the collection is being reindexed for ~90 s after a deploy): retried within a
 *   wait budget per collection (`limits.conflictWaitMs`), then remembered as reindexing.
 */
export interface RetryPolicy {
  /** Attempts per request for transient faults, the first one included. */
  transientAttempts: number;
  /** Statuses that are transient. */
  transientStatusCodes: readonly number[];
  /** Statuses whose Retry-After header is honoured (when it fits the remaining time). */
  retryAfterStatusCodes: readonly number[];
  /** Backoff base and cap: the n-th retry waits random() * min(capMs, baseMs * 2^(n-1)). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Backoff base for 409s; its budget is `limits.conflictWaitMs`. */
  conflictBaseDelayMs: number;
  /** How long a collection that spent its 409 budget is remembered as reindexing. */
  reindexMemoryMs: number;
  /** Per-attempt timeout, so one hung connection does not eat the whole deadline. */
  attemptTimeoutMs: number;
}

export const defaultRetryPolicy: Readonly<RetryPolicy> = Object.freeze({
  transientAttempts: 3,
  transientStatusCodes: Object.freeze([408, 429, 500, 502, 503, 504]),
  retryAfterStatusCodes: Object.freeze([409, 429, 503]),
  baseDelayMs: 100,
  maxDelayMs: 1000,
  conflictBaseDelayMs: 250,
  reindexMemoryMs: 15_000,
  attemptTimeoutMs: 2500,
});

/** Full-jitter exponential backoff (the AWS architecture blog's "full jitter"). `retry` starts at 1. */
export function backoffDelay({
  retry,
  baseMs,
  capMs,
  random,
}: {
  retry: number;
  baseMs: number;
  capMs: number;
  random: () => number;
}): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** (retry - 1));
  return random() * ceiling;
}
