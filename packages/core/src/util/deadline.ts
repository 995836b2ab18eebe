import type { Clock } from "./clock.js";

/**
 * One deadline for a whole tool call, joined with the caller's AbortSignal: every wait and
 * every request in the call is bound by `signal`, and `remaining()` tells retry decisions how
 * much time is left so they never sleep past it. Its timer runs on the injected clock.
 */
export class Deadline {
  readonly signal: AbortSignal;
  readonly #expiresAt: number;
  readonly #clock: Pick<Clock, "now">;
  readonly #cancelTimer: () => void;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #forgetCaller: () => void;
  readonly #controller = new AbortController();

  constructor({
    clock,
    timeoutMs,
    signal,
  }: {
    clock: Pick<Clock, "now" | "setTimer">;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
  }) {
    this.#clock = clock;
    this.#expiresAt = clock.now() + timeoutMs;
    this.#callerSignal = signal;
    const controller = this.#controller;
    this.#cancelTimer = clock.setTimer(
      () => controller.abort(new DOMException("The search deadline passed", "TimeoutError")),
      timeoutMs,
    );
    // The caller's abort is forwarded by hand, not joined with AbortSignal.any: Next.js's edge
    // runtime has no AbortSignal.any.
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener("abort", forward, { once: true });
    this.#forgetCaller = () => signal?.removeEventListener("abort", forward);
    this.signal = controller.signal;
  }

  remaining(): number {
    return Math.max(0, this.#expiresAt - this.#clock.now());
  }

  /** True when the caller (not the deadline) cancelled the call. */
  get callerAborted(): boolean {
    return this.#callerSignal?.aborted === true;
  }

  /**
   * The call is over: whatever of it is still in flight is let go (an attempt whose own timeout
   * fired a moment before this deadline's timer, or a walk's siblings when one threw),
   * so no request outlives its call holding a connection and a slot of the in-flight bound.
   */
  dispose(): void {
    this.#cancelTimer();
    this.#forgetCaller();
    if (!this.#controller.signal.aborted) {
      this.#controller.abort(new DOMException("The tool call is over", "AbortError"));
    }
  }
}
