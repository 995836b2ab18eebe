import { describe, expect, it } from "vitest";
import type { CallRecord } from "./call-record.ts";
import type { BenchQuery } from "./load-queries.ts";
import { summarizeArm } from "./summarize-arm.ts";

const query = (id: string, docId: string, section?: number): BenchQuery => ({
  id,
  query: id,
  gold: [section === undefined ? { docId } : { docId, section }],
});

const record = (overrides: Partial<CallRecord>): CallRecord => ({
  status: "ok",
  moreMatchesExist: false,
  output: { results: [] },
  targets: [],
  searchedCollections: ["c1", "c2"],
  requests: [],
  recordsFetched: 0,
  durationMs: 100,
  ...overrides,
});

describe("summarizeArm", () => {
  it("scores answers, load and latency against the floor", () => {
    const summary = summarizeArm([
      {
        query: query("q1", "a", 1),
        record: record({
          targets: [
            { docId: "x", section: 0 },
            { docId: "a", section: 2 },
          ],
          requests: [
            { collectionId: "c1", status: 200, waitMs: 0, latencyMs: 40 },
            { collectionId: "c1", status: 200, waitMs: 0, latencyMs: 40 },
            { collectionId: "c2", status: 404, waitMs: 0, latencyMs: 50 },
          ],
          recordsFetched: 40,
          durationMs: 88,
          moreMatchesExist: true,
          stops: ["adaptive", "no_match"],
        }),
      },
      {
        query: query("q2", "b"),
        record: record({
          status: "no_matches",
          requests: [
            { collectionId: "c1", status: 404, waitMs: 0, latencyMs: 50 },
            { collectionId: "c2", status: 404, waitMs: 0, latencyMs: 50 },
          ],
          durationMs: 55,
        }),
      },
    ]);
    expect(summary.calls).toBe(2);
    expect(summary.statuses).toEqual({ ok: 1, no_matches: 1 });
    // q1 finds its document (wrong section) at position 2; q2 finds nothing.
    expect(summary.recallAt8).toBe(0.5);
    expect(summary.sectionRecallAt8).toBe(0);
    expect(summary.mrrAt8).toBe(0.25);
    expect(summary.requestsPerCall.p50).toBe(2.5);
    expect(summary.requestsPerCollection.mean).toBe(1.25);
    expect(summary.floorMs.p50).toBe(65);
    expect(summary.latencyOverFloor.p50).toBeCloseTo((88 / 80 + 55 / 50) / 2, 10);
    expect(summary.moreMatchesShare).toBe(0.5);
    expect(summary.cpuMs).toBeUndefined();
    expect(summary.adaptiveStops).toBe(1);
    expect(summary.untruthfulMoreMatches).toBe(0);
  });

  it("counts a call that stopped early yet said no more matches exist", () => {
    const summary = summarizeArm([
      { query: query("q1", "a"), record: record({ stops: ["adaptive"], moreMatchesExist: false }) },
    ]);
    expect(summary.untruthfulMoreMatches).toBe(1);
  });
});
