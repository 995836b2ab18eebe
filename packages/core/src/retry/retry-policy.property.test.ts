import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelay } from "./retry-policy.js";

// The backoff vectors of retry-policy.test.ts, over any base, cap, retry number and draw:
// full jitter is random * min(cap, base * 2^(n-1)), so 0 at a draw of 0 and the ceiling at 1.

describe("backoffDelay (property)", () => {
  it("is the draw times min(cap, base * 2^(n-1)), never above the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (retry, baseMs, extraCapMs, draw) => {
          const capMs = baseMs + extraCapMs;
          const ceiling = Math.min(capMs, baseMs * 2 ** (retry - 1));
          const delay = backoffDelay({ retry, baseMs, capMs, random: () => draw });
          expect(delay).toBeCloseTo(draw * ceiling, 6);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(capMs);
          expect(backoffDelay({ retry, baseMs, capMs, random: () => 1 })).toBe(ceiling);
          expect(backoffDelay({ retry, baseMs, capMs, random: () => 0 })).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
