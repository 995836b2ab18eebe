import type { Clock } from "../util/clock.js";

/** A `Clock` whose time moves only when something sleeps on it or a test calls `advance`. */
export interface FakeClock extends Clock {
  /** Moves time forward, firing every timer that falls due, in order. */
  advance(milliseconds: number): void;
  /** Every `sleep` asked of this clock, in milliseconds, in order: the retry waits, say. */
  readonly sleeps: readonly number[];
}

/**
 * A fake clock for retry and deadline tests that never wait in wall time: each `sleep` advances
 * the clock by its duration at once (firing the timers it passes, a deadline's included) and then
 * resolves, or rejects if its signal aborted. Sleeps therefore add up rather than overlap: exact
 * for one request's waits, pessimistic for concurrent ones.
 */
export function createFakeClock({
  startMs = 0,
  epochMs = Date.UTC(2026, 0, 1),
}: {
  /** The monotonic reading at the start. */
  startMs?: number;
  /** The wall time at the start. */
  epochMs?: number;
} = {}): FakeClock {
  let now = startMs;
  let nextTimerId = 0;
  const timers = new Map<number, { dueAt: number; callback: () => void }>();
  const sleeps: number[] = [];

  const advance = (milliseconds: number) => {
    const target = now + Math.max(0, milliseconds);
    for (;;) {
      let due: [number, { dueAt: number; callback: () => void }] | undefined;
      for (const entry of timers) {
        if (entry[1].dueAt <= target && (!due || entry[1].dueAt < due[1].dueAt)) due = entry;
      }
      if (!due) break;
      timers.delete(due[0]);
      now = Math.max(now, due[1].dueAt);
      due[1].callback();
    }
    now = target;
  };

  return {
    now: () => now,
    epochMs: () => epochMs + (now - startMs),
    setTimer(callback, delayMs) {
      const id = nextTimerId++;
      timers.set(id, { dueAt: now + Math.max(0, delayMs), callback });
      return () => {
        timers.delete(id);
      };
    },
    async sleep(delayMs, signal) {
      signal?.throwIfAborted();
      sleeps.push(delayMs);
      advance(delayMs);
      signal?.throwIfAborted();
    },
    advance,
    sleeps,
  };
}
