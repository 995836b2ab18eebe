import { type Clock, systemClock } from "../util/clock.js";

export interface RetryBudgetOptions {
  /** Retries allowed per first attempt over the window. */
  ratio: number;
  /** Retries always allowed per window, so a quiet process can still retry. */
  floor: number;
  windowMs: number;
  clock?: Pick<Clock, "now">;
}

const bucketCount = 10;

/**
 * A process-wide cap on retries: at most `ratio` retries per first attempt over a sliding window
 * (plus a small floor). When the backend sheds load, every client retrying three times is a retry
 * storm; this keeps the extra load to about 20%.
 */
export class RetryBudget {
  readonly #ratio: number;
  readonly #floor: number;
  readonly #bucketMs: number;
  readonly #clock: Pick<Clock, "now">;
  readonly #firstAttempts = new Array<number>(bucketCount).fill(0);
  readonly #retries = new Array<number>(bucketCount).fill(0);
  #currentBucket = 0;
  #currentStart: number;

  constructor({ ratio, floor, windowMs, clock = systemClock }: RetryBudgetOptions) {
    this.#ratio = ratio;
    this.#floor = floor;
    this.#bucketMs = windowMs / bucketCount;
    this.#clock = clock;
    this.#currentStart = clock.now();
  }

  recordFirstAttempt(): void {
    this.#advance();
    this.#firstAttempts[this.#currentBucket] = (this.#firstAttempts[this.#currentBucket] ?? 0) + 1;
  }

  /** Whether one more retry fits now, without taking it (the retry decision reads this). */
  hasRoom(): boolean {
    this.#advance();
    const firstAttempts = sum(this.#firstAttempts);
    const retries = sum(this.#retries);
    return retries + 1 <= Math.max(this.#floor, this.#ratio * firstAttempts);
  }

  /** Counts one retry, room or not: for a caller that read `hasRoom()` just before. */
  recordRetry(): void {
    this.#advance();
    this.#retries[this.#currentBucket] = (this.#retries[this.#currentBucket] ?? 0) + 1;
  }

  /** Takes one retry from the budget; false means the retry must not happen. */
  tryAcquireRetry(): boolean {
    if (!this.hasRoom()) return false;
    this.recordRetry();
    return true;
  }

  #advance(): void {
    const now = this.#clock.now();
    let steps = Math.floor((now - this.#currentStart) / this.#bucketMs);
    if (steps <= 0) return;
    this.#currentStart += steps * this.#bucketMs;
    steps = Math.min(steps, bucketCount);
    for (let index = 0; index < steps; index++) {
      this.#currentBucket = (this.#currentBucket + 1) % bucketCount;
      this.#firstAttempts[this.#currentBucket] = 0;
      this.#retries[this.#currentBucket] = 0;
    }
  }
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

export const defaultRetryBudgetOptions: Readonly<Omit<RetryBudgetOptions, "clock">> = Object.freeze(
  { ratio: 0.2, floor: 50, windowMs: 10_000 },
);

const sharedBudgets = new Map<string, RetryBudget>();

/** One budget per upstream origin for the whole process, shared by every client instance. */
export function sharedRetryBudget(origin: string): RetryBudget {
  let budget = sharedBudgets.get(origin);
  if (!budget) {
    budget = new RetryBudget(defaultRetryBudgetOptions);
    sharedBudgets.set(origin, budget);
  }
  return budget;
}
