import { describe, expect, it } from "vitest";
import { mean, percentile } from "./percentile.ts";

describe("percentile", () => {
  it("interpolates between closest ranks", () => {
    const values = [40, 10, 30, 20];
    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 50)).toBe(25);
    expect(percentile(values, 100)).toBe(40);
    expect(percentile(values, 95)).toBeCloseTo(38.5, 10);
  });

  it("is NaN without values, and does not reorder its input", () => {
    expect(percentile([], 50)).toBeNaN();
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it("averages", () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });
});
