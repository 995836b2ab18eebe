/** Time and randomness are injected so retry timing can be tested without sleeping. */
export interface Clock {
  /** Milliseconds; only differences are used. */
  now(): number;
}

export type Random = () => number;

export const systemClock: Clock = { now: () => performance.now() };
