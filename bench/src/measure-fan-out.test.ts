import { describe, expect, it } from "vitest";
import { measureFanOut } from "./measure-fan-out.ts";

describe("measureFanOut", () => {
  it("asks every collection of a split corpus at once and sets each call against its floor", async () => {
    const rows = await measureFanOut({
      corpus: undefined,
      queries: [
        { id: "a", query: "rotate a service account key", gold: [] },
        { id: "b", query: "deploy freeze", gold: [] },
      ],
      collectionCounts: [8],
      maxInFlight: [256],
      latencyMs: 5,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ collections: 8, maxInFlight: 256, calls: 2 });
    expect(rows[0]?.floorMs.p50).toBeGreaterThanOrEqual(5);
    expect(rows[0]?.latencyOverFloor.p50).toBeGreaterThanOrEqual(1);
    expect(rows[0]?.requestsPerCollection).toBeGreaterThanOrEqual(1);
  });
});
