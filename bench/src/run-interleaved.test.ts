import { describe, expect, it } from "vitest";
import type { CallRecord } from "./call-record.ts";
import type { ArmCall } from "./docs-search-arm.ts";
import type { BenchQuery } from "./load-queries.ts";
import { measureCpu, runInterleaved } from "./run-interleaved.ts";

const queries: BenchQuery[] = ["q1", "q2", "q3"].map((id) => ({
  id,
  query: `query ${id}`,
  gold: [{ docId: "d" }],
}));

function recordingArm(
  name: string,
  log: string[],
  state: { inFlight: number; most: number },
): ArmCall {
  return async ({ query }) => {
    log.push(`${name}:${query}`);
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    state.inFlight -= 1;
    const record: CallRecord = {
      status: "ok",
      moreMatchesExist: false,
      output: { name },
      targets: [],
      searchedCollections: [],
      requests: [],
      recordsFetched: 0,
      durationMs: 2,
    };
    return record;
  };
}

describe("runInterleaved", () => {
  it("rotates which arm goes first, keeps to the concurrency and groups results by arm", async () => {
    const log: string[] = [];
    const state = { inFlight: 0, most: 0 };
    const arms = {
      a: recordingArm("a", log, state),
      b: recordingArm("b", log, state),
    };
    const results = await runInterleaved(arms, queries, { concurrency: 2 });
    expect(log).toEqual([
      "a:query q1",
      "b:query q1",
      "b:query q2",
      "a:query q2",
      "a:query q3",
      "b:query q3",
    ]);
    expect(state.most).toBe(2);
    expect(results.a.map((result) => result.query.id)).toEqual(["q1", "q2", "q3"]);
    expect(
      results.b.every((result) => (result.record.output as { name: string }).name === "b"),
    ).toBe(true);
  });
});

describe("measureCpu", () => {
  it("measures one call at a time, one figure per call and arm", async () => {
    const state = { inFlight: 0, most: 0 };
    const arms = { a: recordingArm("a", [], state), b: recordingArm("b", [], state) };
    const cpu = await measureCpu(arms, queries);
    expect(state.most).toBe(1);
    expect(cpu.a).toHaveLength(3);
    expect(cpu.b.every((milliseconds) => milliseconds >= 0)).toBe(true);
  });
});
