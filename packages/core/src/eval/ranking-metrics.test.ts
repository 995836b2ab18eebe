import { describe, expect, it } from "vitest";
import { ndcgAt, recallAt, reciprocalRankAt } from "./ranking-metrics.js";

const same = (result: string, expected: string) => result === expected;

describe("ranking metrics", () => {
  it("recall counts each expectation found in the top k once", () => {
    expect(recallAt(["a", "x", "b"], ["a", "b"], 8, same)).toBe(1);
    expect(recallAt(["a", "x", "b"], ["a", "b"], 2, same)).toBe(0.5);
    expect(recallAt(["a"], [], 8, same)).toBeUndefined();
  });

  it("reciprocal rank is the first answering position's inverse within k", () => {
    expect(reciprocalRankAt(["x", "y", "b"], ["a", "b"], 8, same)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRankAt(["x", "y", "b"], ["a", "b"], 2, same)).toBe(0);
  });

  it("nDCG credits each expectation once and compares with the ideal order", () => {
    expect(ndcgAt(["a", "b"], ["a", "b"], 8, same)).toBe(1);
    // One of two expected found at rank 2: (1/log2 3) / (1 + 1/log2 3).
    const ideal = 1 + 1 / Math.log2(3);
    expect(ndcgAt(["x", "b"], ["a", "b"], 8, same)).toBeCloseTo(1 / Math.log2(3) / ideal, 12);
    // Two results answering the same expectation gain once: never above 1.
    const anyA = (result: string, expected: string) => result.startsWith(expected);
    expect(ndcgAt(["a1", "a2"], ["a"], 8, anyA)).toBe(1);
    expect(ndcgAt(["x"], [], 8, same)).toBeUndefined();
  });
});
