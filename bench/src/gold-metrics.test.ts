import { describe, expect, it } from "vitest";
import { answersGold, recallAt, reciprocalRankAt } from "./gold-metrics.ts";

const result = (docId: string, section?: number) => ({ docId, section });

describe("answersGold", () => {
  it("ignores the section at document level and requires it at section level", () => {
    expect(answersGold(result("a", 1), { docId: "a", section: 2 }, "document")).toBe(true);
    expect(answersGold(result("a", 1), { docId: "a", section: 2 }, "section")).toBe(false);
    expect(answersGold(result("a", 2), { docId: "a", section: 2 }, "section")).toBe(true);
    expect(answersGold(result("b", 2), { docId: "a", section: 2 }, "document")).toBe(false);
  });
});

describe("recallAt", () => {
  const golds = [{ docId: "a", section: 0 }, { docId: "b" }];

  it("counts the golds found within k", () => {
    const results = [result("x"), result("b", 3), result("a", 4)];
    expect(recallAt(results, golds, 8, "document")).toBe(1);
    expect(recallAt(results, golds, 2, "document")).toBe(0.5);
    expect(recallAt(results, golds, 8, "section")).toBe(0);
  });

  it("counts only golds with a section at section level", () => {
    expect(recallAt([result("a", 0)], golds, 8, "section")).toBe(1);
    expect(recallAt([result("a", 0)], [{ docId: "a" }], 8, "section")).toBeUndefined();
  });
});

describe("reciprocalRankAt", () => {
  it("is one over the first answering position, 0 past k", () => {
    const results = [result("x"), result("y"), result("a", 9)];
    expect(reciprocalRankAt(results, [{ docId: "a", section: 0 }], 8)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRankAt(results, [{ docId: "a" }], 2)).toBe(0);
    expect(reciprocalRankAt([], [{ docId: "a" }], 8)).toBe(0);
  });
});
