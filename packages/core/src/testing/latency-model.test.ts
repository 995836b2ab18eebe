import { describe, expect, it } from "vitest";
import { sampleLatency } from "./latency-model.js";
import { createSeededRandom } from "./seeded-random.js";

describe("sampleLatency", () => {
  const request = { kind: "search" as const, collectionId: "c" };

  it("matches the requested median and 95th percentile", () => {
    const random = createSeededRandom(5);
    const samples = Array.from({ length: 20_000 }, () =>
      sampleLatency({ medianMs: 40, p95Ms: 200 }, request, random),
    ).sort((left, right) => left - right);
    const median = samples[Math.floor(samples.length * 0.5)] ?? 0;
    const p95 = samples[Math.floor(samples.length * 0.95)] ?? 0;
    expect(median).toBeGreaterThan(36);
    expect(median).toBeLessThan(44);
    expect(p95).toBeGreaterThan(180);
    expect(p95).toBeLessThan(220);
  });

  it("is constant when the 95th percentile is not above the median", () => {
    const random = createSeededRandom(5);
    expect(sampleLatency({ medianMs: 10, p95Ms: 10 }, request, random)).toBeCloseTo(10);
  });

  it("asks a function and never goes negative", () => {
    const random = createSeededRandom(5);
    expect(sampleLatency((seen) => (seen.kind === "search" ? 25 : 0), request, random)).toBe(25);
    expect(sampleLatency(() => -5, request, random)).toBe(0);
    expect(sampleLatency(() => Number.NaN, request, random)).toBe(0);
  });
});
