import { describe, expect, it } from "vitest";
import { RetryBudget } from "./retry-budget.js";

function fakeClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("RetryBudget", () => {
  it("allows the floor even with no traffic, then refuses", () => {
    const budget = new RetryBudget({ ratio: 0.2, floor: 3, windowMs: 10_000, clock: fakeClock() });
    expect([1, 2, 3, 4].map(() => budget.tryAcquireRetry())).toEqual([true, true, true, false]);
  });

  it("keeps retries at or under 20% of first attempts during a 60 s total outage", () => {
    const clock = fakeClock();
    const budget = new RetryBudget({ ratio: 0.2, floor: 10, windowMs: 10_000, clock });
    let firstAttempts = 0;
    let retries = 0;
    // 100 requests a second for 60 s, each wanting two retries.
    for (let tick = 0; tick < 6000; tick++) {
      budget.recordFirstAttempt();
      firstAttempts++;
      if (budget.tryAcquireRetry()) retries++;
      if (budget.tryAcquireRetry()) retries++;
      clock.advance(10);
    }
    expect(retries / firstAttempts).toBeLessThanOrEqual(0.2);
    expect(retries / firstAttempts).toBeGreaterThan(0.15);
  });

  it("forgets old traffic once the window slides past it", () => {
    const clock = fakeClock();
    const budget = new RetryBudget({ ratio: 0.5, floor: 0, windowMs: 1000, clock });
    for (let index = 0; index < 10; index++) budget.recordFirstAttempt();
    expect(budget.tryAcquireRetry()).toBe(true);
    clock.advance(5000);
    expect(budget.tryAcquireRetry()).toBe(false);
  });
});

describe("RetryBudget.hasRoom", () => {
  it("tells whether a retry fits without taking one", () => {
    const budget = new RetryBudget({ ratio: 0, floor: 1, windowMs: 10_000, clock: fakeClock() });
    expect(budget.hasRoom()).toBe(true);
    expect(budget.hasRoom()).toBe(true);
    expect(budget.tryAcquireRetry()).toBe(true);
    expect(budget.hasRoom()).toBe(false);
    expect(budget.tryAcquireRetry()).toBe(false);
  });

  it("recordRetry counts a retry against the budget", () => {
    const budget = new RetryBudget({ ratio: 0, floor: 2, windowMs: 10_000, clock: fakeClock() });
    budget.recordRetry();
    expect(budget.hasRoom()).toBe(true);
    budget.recordRetry();
    expect(budget.hasRoom()).toBe(false);
  });
});
