/**
 * Time is injected so that everything time-related — deadlines, retry waits, `Retry-After` dates,
 * trace timestamps, budget windows — can be tested on a fake clock, without sleeping.
 */
export interface Clock {
  /** Monotonic milliseconds; only differences are used (deadlines, latencies, budget windows). */
  now(): number;
  /** Wall time, milliseconds since the Unix epoch: for `Retry-After` HTTP dates and `startedAt`. */
  epochMs(): number;
  /** Runs `callback` once after `delayMs`; the returned function cancels it. */
  setTimer(callback: () => void, delayMs: number): () => void;
  /** Resolves after `delayMs`, or rejects with the signal's reason as soon as it aborts. */
  sleep(delayMs: number, signal?: AbortSignal): Promise<void>;
}

export type Random = () => number;

export const systemClock: Clock = {
  now: () => performance.now(),
  epochMs: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, delayMs);
    return () => clearTimeout(timer);
  },
  sleep(delayMs, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, delayMs);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};
