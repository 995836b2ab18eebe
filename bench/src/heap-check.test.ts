import { describe, expect, it } from "vitest";
import type { ArmCall } from "./docs-search-arm.ts";
import { runHeapCheck } from "./heap-check.ts";

describe("runHeapCheck", () => {
  it("makes exactly the calls asked for and samples the heap ten times on the way", async () => {
    let calls = 0;
    const call: ArmCall = async () => {
      calls += 1;
      return {
        status: "ok",
        moreMatchesExist: false,
        output: {},
        targets: [],
        searchedCollections: [],
        requests: [],
        recordsFetched: 0,
        durationMs: 0,
      };
    };
    const check = await runHeapCheck({
      call,
      queries: [{ id: "q", query: "q", gold: [{ docId: "d" }] }],
      calls: 95,
      concurrency: 4,
    });
    expect(calls).toBe(95);
    expect(check.samples.map((sample) => sample.calls)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95,
    ]);
    expect(check.samples.every((sample) => sample.heapUsedMiB > 0)).toBe(true);
  });
});
