import { describe, expect, it } from "vitest";
import { MemoryRefStore } from "./memory-ref-store.js";

const target = (documentId: string) => ({ area: "runbooks", collectionId: "c", documentId });

describe("MemoryRefStore", () => {
  it("evicts the least recently used entry past its bound", async () => {
    const store = new MemoryRefStore({ maxEntries: 2 });
    await store.set("a/one", target("1"));
    await store.set("a/two", target("2"));
    await store.get("a/one");
    await store.set("a/three", target("3"));
    expect(await store.get("a/two")).toBeUndefined();
    expect(await store.get("a/one")).toEqual(target("1"));
    expect(store.size).toBe(2);
  });

  it("expires entries after the TTL", async () => {
    let now = 0;
    const store = new MemoryRefStore({ ttlMs: 1000, clock: { now: () => now } });
    await store.set("a/one", target("1"));
    now = 999;
    expect(await store.get("a/one")).toBeDefined();
    now = 2000;
    expect(await store.get("a/one")).toBeUndefined();
  });

  it("setIfAbsent keeps the first holder", async () => {
    const store = new MemoryRefStore();
    expect(await store.setIfAbsent("a/one", target("1"))).toEqual(target("1"));
    expect(await store.setIfAbsent("a/one", target("2"))).toEqual(target("1"));
  });
});
