import { StoreTimeoutError } from "../errors/store-timeout-error.js";
import { type Clock, systemClock } from "./clock.js";

export interface SettleWithinOptions {
  /** The longest to wait. 0 still gives the work one turn of the event loop (see below). */
  timeoutMs: number;
  /** Stops the wait early (the call's deadline, the caller's cancel). */
  signal?: AbortSignal | undefined;
  clock?: Pick<Clock, "setTimer">;
}

/**
 * The work's result, or a `StoreTimeoutError` once `timeoutMs` pass or `signal` aborts, whichever
 * is first; the work's own signal aborts then, so a client can drop what it has not sent. On the
 * system clock the timer waits at least one turn of the event loop, so work that answers at once
 * (an in-process store) is never taken for a failure, even with no time left. Bounds the waiting,
 * not the work: a client that ignores its signal finishes in the background, its result unused.
 */
export async function settleWithin<Result>(
  work: (signal: AbortSignal) => Promise<Result>,
  { timeoutMs, signal, clock = systemClock }: SettleWithinOptions,
): Promise<Result> {
  const controller = new AbortController();
  const waitMs = Math.max(0, timeoutMs);
  let rejectExpired: (reason: unknown) => void = () => {};
  const expired = new Promise<never>((_, reject) => {
    rejectExpired = reject;
  });
  const expire = () => {
    const reason = new StoreTimeoutError({ waitMs });
    controller.abort(reason);
    rejectExpired(reason);
  };
  const cancelTimer = clock.setTimer(expire, waitMs);
  // A signal aborted before the wait began is no reason to skip the turn the work is owed.
  const watchesSignal = signal !== undefined && !signal.aborted;
  if (watchesSignal) signal.addEventListener("abort", expire, { once: true });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    cancelTimer();
    if (watchesSignal) signal.removeEventListener("abort", expire);
  }
}
