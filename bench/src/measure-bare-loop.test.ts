import { describe, expect, it } from "vitest";
import type { CallRecord } from "./call-record.ts";
import { summarizeTimedCalls, type TimedCall } from "./measure-bare-loop.ts";

const call = (durationMs: number, chain: number, cpuMs: number): TimedCall => {
  const requests = Array.from({ length: chain }, () => ({
    collectionId: "a",
    status: 200,
    waitMs: 0,
    latencyMs: 40,
  }));
  requests.push({ collectionId: "b", status: 200, waitMs: 0, latencyMs: 40 });
  const record: CallRecord = {
    status: "ok",
    moreMatchesExist: false,
    output: [],
    targets: [{ docId: "gold", section: undefined }],
    searchedCollections: ["a", "b", "c"],
    requests,
    recordsFetched: 0,
    durationMs,
  };
  return { query: { id: "q", query: "x", gold: [{ docId: "gold" }] }, record, cpuMs };
};

describe("summarizeTimedCalls", () => {
  it("divides wall time by the fixed latency times the longest chain, not by measured latencies", () => {
    const figures = summarizeTimedCalls([call(90, 2, 4), call(90, 2, 6)], 30);
    // Longest chain 2 requests × 30 ms = 60 ms: 1.5×; the measured floor (2 × 40 ms) gives 1.125×.
    expect(figures.overLatencyFloor.p50).toBeCloseTo(1.5);
    expect(figures.overMeasuredRequestFloor.p50).toBeCloseTo(1.125);
    expect(figures.cpuMs.mean).toBe(5);
    // 3 requests over 3 collections in scope (one never asked).
    expect(figures.requestsPerCollection).toBe(1);
    // Pages read per searched collection, in each call 2, 1 and 0: the p95 is the deeper walk's.
    expect(figures.requestsPerCollectionP95).toBeCloseTo(2);
    expect(figures.recallAt8).toBe(1);
    expect(figures.mrrAt8).toBe(1);
  });
});
