import { describe, expect, it } from "vitest";
import { refStoreContract } from "../__fixtures__/ref-store-contract.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { MemoryRefStore } from "./memory-ref-store.js";

const target = (documentId: string, section?: string) => ({
  area: "a",
  collectionId: "c",
  documentId,
  ...(section === undefined ? {} : { section }),
});

refStoreContract("MemoryRefStore", async ({ ttlMs, slugTtlMs }) => {
  let now = 0;
  const store = new MemoryRefStore({ ttlMs, slugTtlMs, clock: { now: () => now } });
  return {
    store,
    age: async (ms) => {
      now += ms;
    },
  };
});

describe("MemoryRefStore", () => {
  it("evicts the least recently used entry past its bound", async () => {
    const store = new MemoryRefStore({ maxEntries: 2 });
    await store.setIfAbsent("a/one", target("1"));
    await store.setIfAbsent("a/two", target("2"));
    await store.get("a/one");
    await store.setIfAbsent("a/three", target("3"));
    expect(await store.get("a/two")).toBeUndefined();
    expect(await store.get("a/one")).toEqual(target("1"));
    expect(store.size).toBe(2);
  });

  it("evicts a slug only after every ref under it", async () => {
    const store = new MemoryRefStore({ maxEntries: 3 });
    await store.setIfAbsent("a/one#1", target("1", "1"));
    await store.setIfAbsent("a/one#2", target("1", "2"));
    // One entry too many: the LRU goes, and it is a ref, never the slug "a/one" above them.
    await store.setIfAbsent("a/two", target("2"));
    expect(await store.get("a/one#1")).toBeUndefined();
    expect(await store.get("a/one")).toEqual(target("1"));
    expect(await store.setIfAbsent("a/one#1", target("3", "1"))).toEqual(target("1"));
  });

  it("refuses lifetimes that would let a slug expire before its refs", () => {
    expect(() => new MemoryRefStore({ ttlMs: 0 })).toThrow(ConfigurationError);
    expect(() => new MemoryRefStore({ ttlMs: 1000, slugTtlMs: 999 })).toThrow(/slugTtlMs/);
  });
});
