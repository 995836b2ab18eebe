import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RetryBudget } from "./retry-budget.js";

// The budget over any traffic: whenever it grants a retry, the retries granted over the last 90%
// of its window stay within max(floor, ratio * first attempts over the whole window). (Its window
// slides by tenths, so it covers between 90% and 100% of `windowMs` of history.)

const step = fc.record({
  advanceMs: fc.integer({ min: 0, max: 3000 }),
  firstAttempts: fc.integer({ min: 0, max: 30 }),
  retriesWanted: fc.integer({ min: 0, max: 60 }),
});

describe("RetryBudget (property)", () => {
  it("never grants more than the ratio of recent first attempts, or the floor", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 200 }),
        fc.constantFrom(0, 0.1, 0.2, 0.5),
        fc.integer({ min: 0, max: 20 }),
        (steps, ratio, floor) => {
          let now = 0;
          const windowMs = 10_000;
          const budget = new RetryBudget({ ratio, floor, windowMs, clock: { now: () => now } });
          const firsts: number[] = [];
          const grants: number[] = [];
          const since = (times: number[], ms: number) => times.filter((time) => time > now - ms);
          for (const { advanceMs, firstAttempts, retriesWanted } of steps) {
            now += advanceMs;
            for (let index = 0; index < firstAttempts; index++) {
              budget.recordFirstAttempt();
              firsts.push(now);
            }
            for (let index = 0; index < retriesWanted; index++) {
              if (!budget.tryAcquireRetry()) continue;
              // Checked when granting: an older grant may outlive the first attempts that paid for it.
              grants.push(now);
              const recentGrants = since(grants, windowMs * 0.9).length;
              const allowed = Math.max(floor, ratio * since(firsts, windowMs).length);
              expect(recentGrants).toBeLessThanOrEqual(allowed);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("during a total outage, retries / first attempts stays at or under the ratio plus the floor's share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 200 }),
        fc.integer({ min: 1, max: 4 }),
        (callsPerSecond, retriesPerCall) => {
          let now = 0;
          const budget = new RetryBudget({
            ratio: 0.2,
            floor: 20,
            windowMs: 10_000,
            clock: { now: () => now },
          });
          let firstAttempts = 0;
          let retries = 0;
          // 60 seconds in which every call fails and asks for every retry it may have.
          for (let tick = 0; tick < 60 * callsPerSecond; tick++) {
            now = (tick * 1000) / callsPerSecond;
            budget.recordFirstAttempt();
            firstAttempts++;
            for (let index = 0; index < retriesPerCall; index++)
              if (budget.tryAcquireRetry()) retries++;
          }
          // The floor (20 per 10 s window, at most 7 windows touched) is all it may add.
          expect(retries).toBeLessThanOrEqual(0.2 * firstAttempts + 20 * 7);
          if (callsPerSecond >= 100) expect(retries / firstAttempts).toBeLessThanOrEqual(0.225);
        },
      ),
      { numRuns: 100 },
    );
  });
});
