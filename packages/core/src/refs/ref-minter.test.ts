import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryRefStore } from "./memory-ref-store.js";
import { RedisRefStore } from "./redis-ref-store.js";
import { mintRef } from "./ref-minter.js";

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

  it("works over a Redis-like client (node-redis semantics)", async () => {
    const data = new Map<string, string>();
    const client = {
      get: async (key: string) => data.get(key) ?? null,
      set: async (key: string, value: string, options: { EX: number; NX?: boolean }) => {
        if (options.NX && data.has(key)) return null;
        data.set(key, value);
        return "OK";
      },
    };
    const store = new RedisRefStore({ client });
    const first = await mintRef(store, hit("d1"));
    const second = await mintRef(store, hit("d2"));
    expect(first).not.toBe(second);
    expect((await store.get(second))?.documentId).toBe("d2");
    expect([...data.keys()].every((key) => key.startsWith("search-docs:ref:"))).toBe(true);
  });
});
