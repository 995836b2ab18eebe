import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryRefStore } from "./memory-ref-store.js";
import { mintRef } from "./ref-minter.js";
import type { RefStore, RefTarget } from "./ref-store.js";

const hit = (documentId: string, extra: Partial<Parameters<typeof mintRef>[1]> = {}) => ({
  area: "runbooks",
  collectionId: "c1",
  documentId,
  slug: undefined,
  title: "Key rotation",
  section: "2",
  ...extra,
});

describe("mintRef", () => {
  it("uses the backend slug, else the kebab-cased title, and the section", async () => {
    const store = new MemoryRefStore();
    expect(await mintRef(store, hit("d1", { slug: "key-rotation" }))).toBe(
      "runbooks/key-rotation#2",
    );
    expect(await mintRef(store, hit("d2", { title: "Disk Pressure", section: undefined }))).toBe(
      "runbooks/disk-pressure",
    );
    expect(await store.get("runbooks/key-rotation#2")).toEqual({
      area: "runbooks",
      collectionId: "c1",
      documentId: "d1",
      section: "2",
    });
  });

  it("gives a different document with the same slug a short stable suffix", async () => {
    const store = new MemoryRefStore();
    const first = await mintRef(store, hit("d1"));
    const second = await mintRef(store, hit("d2"));
    const again = await mintRef(store, hit("d2"));
    expect(first).toBe("runbooks/key-rotation#2");
    expect(second).toMatch(/^runbooks\/key-rotation-[a-z0-9]{1,5}#2$/);
    expect(again).toBe(second);
    expect((await store.get(second))?.documentId).toBe("d2");
    expect((await store.get(first))?.documentId).toBe("d1");
  });

  it("hashes exactly as node:crypto's base64url SHA-256 did, so refs already issued still resolve", async () => {
    const nodeHash = (value: string) =>
      createHash("sha256")
        .update(value)
        .digest("base64url")
        .replace(/[^a-z0-9]/gi, "")
        .slice(0, 5)
        .toLowerCase();
    for (const documentId of ["d2", "01HQ8ZK3M4N5P6R7S8T9V0W1X2", "ünïcødé/✓", "x".repeat(500)]) {
      const store = new MemoryRefStore();
      await mintRef(store, hit("someone-else"));
      expect(await mintRef(store, hit(documentId))).toBe(
        `runbooks/key-rotation-${nodeHash(documentId)}#2`,
      );
      expect(await mintRef(store, hit(documentId, { section: documentId }))).toMatch(
        new RegExp(`#(${documentId}|s-${nodeHash(documentId)})$`),
      );
    }
  });

  it("tells apart one document id reused by two collections of an area", async () => {
    const store = new MemoryRefStore();
    const first = await mintRef(store, hit("d1"));
    const second = await mintRef(store, hit("d2"));
    const third = await mintRef(store, hit("d2", { collectionId: "c2" }));
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await store.get(third)).toMatchObject({ collectionId: "c2", documentId: "d2" });
  });
  it("over a store with only get and set (the CLI's file store), reads before it writes", async () => {
    const data = new Map<string, RefTarget>();
    const store: RefStore = {
      get: async (ref) => data.get(ref),
      set: async (ref, target) => {
        data.set(ref, target);
      },
    };
    const first = await mintRef(store, hit("d1"));
    const second = await mintRef(store, hit("d2", { section: "3" }));
    expect(first).toBe("runbooks/key-rotation#2");
    expect(second).toMatch(/^runbooks\/key-rotation-[a-z0-9]{1,5}#3$/);
    expect(data.get("runbooks/key-rotation")?.documentId).toBe("d1");
    expect(data.get(second)?.documentId).toBe("d2");
    expect(await mintRef(store, hit("d1"))).toBe(first);
    // A ref held without its slug (a store that lost the slug) is not overwritten either.
    data.set("runbooks/disk-pressure#2", {
      area: "runbooks",
      collectionId: "c1",
      documentId: "d9",
    });
    const third = await mintRef(store, hit("d3", { title: "Disk pressure" }));
    expect(third).not.toBe("runbooks/disk-pressure#2");
    expect(data.get("runbooks/disk-pressure#2")?.documentId).toBe("d9");
  });
});
