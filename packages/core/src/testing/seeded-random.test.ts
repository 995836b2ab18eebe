import { describe, expect, it } from "vitest";
import { createSeededRandom } from "./seeded-random.js";

describe("createSeededRandom", () => {
  it("repeats the same sequence for the same seed", () => {
    const first = createSeededRandom(7);
    const second = createSeededRandom(7);
    const firstValues = Array.from({ length: 5 }, () => first());
    const secondValues = Array.from({ length: 5 }, () => second());
    expect(firstValues).toEqual(secondValues);
  });

  it("gives different sequences for different seeds", () => {
    expect(createSeededRandom(1)()).not.toBe(createSeededRandom(2)());
  });

  it("stays within [0, 1) and spreads out", () => {
    const random = createSeededRandom(1);
    const values = Array.from({ length: 10_000 }, () => random());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
