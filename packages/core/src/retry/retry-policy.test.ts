import { describe, expect, it } from "vitest";
import { backoffDelay, defaultRetryPolicy } from "./retry-policy.js";

// Vectors in the style of the AWS SDKs' shared retry tests: full jitter is random * min(cap, base * 2^n).
describe("backoffDelay", () => {
  const { baseDelayMs: baseMs, maxDelayMs: capMs } = defaultRetryPolicy;

  it.each([
    [1, 100],
    [2, 200],
    [3, 400],
    [4, 800],
    [5, 1000],
    [12, 1000],
  ])(
    "with randomness fixed at 1, retry %i waits min(cap, base * 2^(n-1)) = %i ms",
    (retry, expected) => {
      expect(backoffDelay({ retry, baseMs, capMs, random: () => 1 })).toBe(expected);
    },
  );

  it("with randomness fixed at 0 it waits nothing", () => {
    for (let retry = 1; retry <= 8; retry++) {
      expect(backoffDelay({ retry, baseMs, capMs, random: () => 0 })).toBe(0);
    }
  });

  it("scales linearly with the random draw (full jitter)", () => {
    expect(backoffDelay({ retry: 3, baseMs, capMs, random: () => 0.25 })).toBe(100);
  });
});
