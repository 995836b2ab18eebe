import { describe, expect, it } from "vitest";
import { CollectionFaults } from "./collection-faults.js";
import { createSeededRandom } from "./seeded-random.js";

function fireMany(faults: CollectionFaults, times: number): Array<string | undefined> {
  return Array.from({ length: times }, () => faults.fire("c")?.fault.kind);
}

describe("CollectionFaults", () => {
  it("fires until cleared when no limit is given", () => {
    const faults = new CollectionFaults(createSeededRandom(1));
    faults.set("c", { kind: "reindex" });
    expect(fireMany(faults, 3)).toEqual(["reindex", "reindex", "reindex"]);
    faults.set("c", undefined);
    expect(faults.fire("c")).toBeUndefined();
  });

  it("stops after the given number of fired requests", () => {
    const faults = new CollectionFaults(createSeededRandom(1));
    faults.set("c", { kind: "shed", requests: 2 });
    expect(fireMany(faults, 3)).toEqual(["shed", "shed", undefined]);
    expect(faults.fire("other")).toBeUndefined();
  });

  it("stops after the given duration from when it was set", () => {
    let now = 1_000;
    const faults = new CollectionFaults(createSeededRandom(1), () => now);
    faults.set("c", { kind: "error", durationMs: 100 });
    expect(faults.fire("c")?.fault.kind).toBe("error");
    now += 100;
    expect(faults.fire("c")).toBeUndefined();
  });

  it("counts only the requests a probabilistic fault fired on", () => {
    const faults = new CollectionFaults(createSeededRandom(3));
    faults.set("c", { kind: "reset", rate: 0.5, requests: 5 });
    const kinds = fireMany(faults, 200);
    expect(kinds.filter((kind) => kind === "reset")).toHaveLength(5);
    // Some requests in between were spared by the coin.
    expect(kinds.indexOf(undefined)).toBeLessThan(kinds.lastIndexOf("reset"));
  });

  it("numbers occurrences so malformed bodies can alternate", () => {
    const faults = new CollectionFaults(createSeededRandom(1));
    faults.set("c", { kind: "malformed" });
    expect([faults.fire("c")?.occurrence, faults.fire("c")?.occurrence]).toEqual([1, 2]);
  });

  it("flips the version once, after the given number of requests", () => {
    const faults = new CollectionFaults(createSeededRandom(1));
    faults.set("c", { kind: "version-flip", afterRequests: 2 });
    expect(fireMany(faults, 4)).toEqual([undefined, undefined, "version-flip", undefined]);
  });

  it("rejects faults it cannot honour", () => {
    const faults = new CollectionFaults(createSeededRandom(1));
    expect(() => faults.set("c", { kind: "bogus" } as never)).toThrow(/kind must be one of/);
    expect(() => faults.set("c", { kind: "shed", rate: 2 })).toThrow(/"rate"/);
    expect(() => faults.set("c", { kind: "error", status: 200 })).toThrow(/"status"/);
    expect(() => faults.set("c", { kind: "slow" } as never)).toThrow(/"ms"/);
  });
});
