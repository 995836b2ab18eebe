import { describe, expect, it } from "vitest";
import type { BenchReport } from "./bench-report.ts";
import { benchSets } from "./bench-sets.ts";
import { renderSuite } from "./render-suite.ts";
import { summarizeArm } from "./summarize-arm.ts";

const arm = (found: boolean) =>
  summarizeArm([
    {
      query: { id: "q", query: "q", gold: [{ docId: "d", section: 1 }], kind: "keyword" },
      record: {
        status: "ok",
        moreMatchesExist: true,
        output: {},
        targets: [{ docId: found ? "d" : "x", section: 1 }],
        searchedCollections: ["c"],
        requests: [{ collectionId: "c", status: 200, waitMs: 0, latencyMs: 30 }],
        recordsFetched: 20,
        durationMs: 33,
      },
    },
    {
      query: { id: "n", query: "zz", gold: [], kind: "no-answer" },
      record: {
        status: "no_matches",
        moreMatchesExist: false,
        output: {},
        targets: [],
        searchedCollections: ["c"],
        requests: [{ collectionId: "c", status: 404, waitMs: 0, latencyMs: 30 }],
        recordsFetched: 0,
        durationMs: 31,
      },
    },
  ]);

const report = {
  settings: { queryCount: 2, collections: { runbooks: 2 } },
  scenarios: {
    "no-faults": {
      arms: { "one-page": arm(false), "all-pages": arm(true), "search-docs": arm(true) },
    },
  },
} as unknown as BenchReport;

describe("renderSuite", () => {
  it("puts the sets side by side, says which were tuned on, and adds kinds and fan-out rows", () => {
    const [project, shared] = benchSets;
    const markdown = renderSuite({
      sets: [
        { set: project as (typeof benchSets)[number], report },
        { set: shared as (typeof benchSets)[number], report },
      ],
      tuning: {
        final: { tunedOn: ["project"], chosen: { lexicalWeight: 0.3, titleWeight: 0.2 } },
        folds: [],
      },
      fanOut: [
        {
          collections: 64,
          maxInFlight: 256,
          calls: 10,
          latencyMs: { p50: 40, p95: 50 },
          floorMs: { p50: 35, p95: 40 },
          latencyOverFloor: { p50: 1.1, p95: 1.25 },
          requestsPerCollection: 1.02,
        },
      ],
    });
    expect(markdown).toContain(
      "| project (2 q, 2 collections) | yes | search-docs | 1.000 | 1.000 |",
    );
    expect(markdown).toContain(
      "| shared-corpus (2 q, 2 collections) | **no** | one-page | 0.000 |",
    );
    expect(markdown).toContain("| keyword | 1 |");
    expect(markdown).toContain("No-answer questions: 1 of 1 answered `no_matches`.");
    expect(markdown).toContain("| 64 | 256 | 10 | 40, 50 | 35, 40 | 1.10, 1.25 | 1.02 |");
  });
});
