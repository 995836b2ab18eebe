import { describe, expect, it } from "vitest";
import { physicalFloor, requestsPerCollection } from "./physical-floor.ts";

const request = (collectionId: string, latencyMs: number, waitMs = 0) => ({
  collectionId,
  status: 200,
  waitMs,
  latencyMs,
});

describe("physicalFloor", () => {
  it("is the slowest collection's summed latencies, waits left out", () => {
    const requests = [
      request("a", 40),
      request("b", 90),
      request("a", 45, 500),
      request("a", 30),
      request("c", 10),
    ];
    expect(physicalFloor(requests)).toBe(115);
  });

  it("is 0 without requests", () => {
    expect(physicalFloor([])).toBe(0);
  });
});

describe("requestsPerCollection", () => {
  it("counts each collection in scope, retries included", () => {
    const requests = [request("a", 1), request("a", 1), request("b", 1)];
    expect(requestsPerCollection(["a", "b", "c"], requests)).toEqual([2, 1, 0]);
  });
});
