/**
 * How failed attempts are retried, as plain data, by the kind the backend said (no engine's
 * status codes here: each backend's status table maps its own). Two families:
 * - `overloaded` and `transient`: a few attempts, exponential backoff with full jitter;
 * - `rebuilding` (the collection is being rebuilt, ~90 s after a deploy): retried within a wait
 *   budget per collection (`limits.conflictWaitMs`), then remembered (`reindexMemory`).
 */
export interface RetryPolicy {
  /** Attempts per request for transient faults, the first one included. */
  transientAttempts: number;
  /** Backoff base and cap: the n-th retry waits random() * min(capMs, baseMs * 2^(n-1)). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Backoff base while a collection is rebuilding; its budget is `limits.conflictWaitMs`. */
  conflictBaseDelayMs: number;
  /** How long a collection that spent its rebuild budget is remembered as rebuilding. */
  reindexMemoryMs: number;
  /** Per-attempt timeout, so one hung connection does not eat the whole deadline. */
  attemptTimeoutMs: number;
}

export const defaultRetryPolicy: Readonly<RetryPolicy> = Object.freeze({
  transientAttempts: 3,
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
