import type { AttemptDetails, BackendAttempt } from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import { defaultLimits, type Limits } from "../limits.js";

export interface TestAttemptOptions {
  /** The end user whose attempt this is. */
  caller: Caller;
  /** Aborts the attempt (the caller's abort, as core would forward it). */
  signal?: AbortSignal;
  /** Limits over the defaults (`defaultLimits`). */
  limits?: Partial<Limits>;
  /** The attempt's timeout: `signal` also fires this long after the attempt is made. Default 5000. */
  timeoutMs?: number;
}

/** A BackendAttempt as core would hand it, recording what the backend annotated. */
export interface TestAttempt extends BackendAttempt {
  /** Every `annotate` call of the attempt, in order. */
  readonly details: readonly AttemptDetails[];
}

const defaultTimeoutMs = 5000;

/**
 * One attempt for a backend's unit tests, shaped as core makes them: a signal that fires at the
 * timeout or on `options.signal`, the limits, the time left, and an `annotate` that records.
 */
export function testAttempt(options: TestAttemptOptions): TestAttempt {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const endsAt = Date.now() + timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The attempt timed out.", "TimeoutError")),
    timeoutMs,
  );
  // A test process must not wait on an attempt's timer to exit.
  if (typeof timer === "object" && "unref" in timer) timer.unref();
  const upstream = options.signal;
  if (upstream !== undefined) {
    const forward = () => {
      clearTimeout(timer);
      controller.abort(upstream.reason);
    };
    if (upstream.aborted) forward();
    else upstream.addEventListener("abort", forward, { once: true });
  }
  controller.signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  const limits: Readonly<Limits> = Object.freeze({ ...defaultLimits, ...options.limits });
  const details: AttemptDetails[] = [];
  return {
    caller: options.caller,
    signal: controller.signal,
    limits,
    timeLeftMs: () => (controller.signal.aborted ? 0 : Math.max(0, endsAt - Date.now())),
    annotate: (detail) => {
      details.push(detail);
    },
    details,
  };
}
