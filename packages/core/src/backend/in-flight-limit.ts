export interface InFlightLimitOptions {
  /** Requests to one backend origin in flight at once, across every call of the process. */
  maxInFlight: number;
}

/**
 * 256 lets four 64-collection calls, or 64 four-collection calls, fan out at once; beyond that a
 * process queues its requests instead of stacking them on the backend.
 */
export const defaultInFlightLimitOptions: Readonly<InFlightLimitOptions> = Object.freeze({
  maxInFlight: 256,
});

/**
 * A process-wide bound on requests in flight to one backend origin. It replaces per-call rounds of
 * collections: every collection of a call starts at once, and only the process's total is held
 * back. Waiters are served in arrival order; a waiter whose signal aborts leaves the queue.
 */
export class InFlightLimit {
  readonly maxInFlight: number;
  #inFlight = 0;
  readonly #waiting: Array<() => void> = [];

  constructor({ maxInFlight }: InFlightLimitOptions = defaultInFlightLimitOptions) {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
      throw new RangeError(`maxInFlight must be a positive integer, got ${String(maxInFlight)}`);
    }
    this.maxInFlight = maxInFlight;
  }

  /** Requests holding a slot now (not those waiting for one). */
  get inFlight(): number {
    return this.#inFlight;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves with the slot's release once one is free; rejects with the signal's reason. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#inFlight < this.maxInFlight) {
      this.#inFlight += 1;
      return Promise.resolve(this.#release());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.#inFlight += 1;
        resolve(this.#release());
      };
      const onAbort = () => {
        const index = this.#waiting.indexOf(grant);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal?.reason);
      };
      this.#waiting.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  // Idempotent: releasing twice (an error path after a success path) frees one slot, not two.
  #release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight -= 1;
      this.#waiting.shift()?.();
    };
  }
}

const sharedLimits = new Map<string, InFlightLimit>();

/** One bound per backend origin for the whole process, shared by every client instance. */
export function sharedInFlightLimit(origin: string): InFlightLimit {
  let limit = sharedLimits.get(origin);
  if (limit === undefined) {
    limit = new InFlightLimit();
    sharedLimits.set(origin, limit);
  }
  return limit;
}
