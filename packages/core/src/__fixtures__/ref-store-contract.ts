import { describe, expect, it } from "vitest";
import type { RefStore, RefTarget } from "../refs/ref-store.js";

export interface ContractStore {
  store: RefStore & Required<Pick<RefStore, "setIfAbsent">>;
  /** Lets `ms` of the store's time pass (a fake clock, or every TTL in Redis shortened by it). */
  age(ms: number): Promise<void>;
}

export type CreateContractStore = (lifetimes: {
  ttlMs: number;
  slugTtlMs: number;
}) => Promise<ContractStore>;

const ttlMs = 60_000;
const slugTtlMs = 90_000;

const a = (section?: string): RefTarget => ({
  area: "runbooks",
  collectionId: "c1",
  documentId: "doc-a",
  ...(section === undefined ? {} : { section }),
});
const b = (section?: string): RefTarget => ({
  area: "runbooks",
  collectionId: "c1",
  documentId: "doc-b",
  ...(section === undefined ? {} : { section }),
});

/**
 * What every RefStore here promises, so the in-memory and the Redis stores are held to the
 * same rules: never overwrite, refresh on issue and on read, a slug outlives its refs.
 */
export function refStoreContract(name: string, create: CreateContractStore): void {
  describe(`${name}: the RefStore contract`, () => {
    const open = () => create({ ttlMs, slugTtlMs });

    it("gives a ref to its first target and answers later claimants with the holder", async () => {
      const { store } = await open();
      expect(await store.setIfAbsent("runbooks/key-rotation#1", a("1"))).toEqual(a("1"));
      // The holder comes back as its slug's: the document, whatever the section.
      expect(await store.setIfAbsent("runbooks/key-rotation#1", b("1"))).toEqual(a());
      expect(await store.get("runbooks/key-rotation#1")).toEqual(a("1"));
      expect(await store.get("runbooks/unknown#1")).toBeUndefined();
    });

    it("binds the slug: another document cannot take it through another section", async () => {
      const { store } = await open();
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      expect(await store.setIfAbsent("runbooks/key-rotation#2", b("2"))).toEqual(a());
      expect(await store.get("runbooks/key-rotation#2")).toBeUndefined();
      // The same document's other sections are its own.
      expect(await store.setIfAbsent("runbooks/key-rotation#2", a("2"))).toEqual(a("2"));
      // A ref without a section is the slug itself.
      expect(await store.get("runbooks/key-rotation")).toEqual(a());
      expect(await store.setIfAbsent("runbooks/key-rotation", b())).toEqual(a());
    });

    it("refreshes a ref's lifetime whenever its holder issues it again", async () => {
      const { store, age } = await open();
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      await age(ttlMs * 0.7);
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      await age(ttlMs * 0.7);
      expect(await store.get("runbooks/key-rotation#1")).toEqual(a("1"));
    });

    it("refreshes a ref's lifetime whenever it is read", async () => {
      const { store, age } = await open();
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      for (let read = 0; read < 3; read++) {
        await age(ttlMs * 0.7);
        expect(await store.get("runbooks/key-rotation#1")).toEqual(a("1"));
      }
    });

    it("an expired ref reads as unknown, and never as another document", async () => {
      const { store, age } = await open();
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      await age(ttlMs + 1);
      expect(await store.get("runbooks/key-rotation#1")).toBeUndefined();
      // The slug outlives its refs: another document still cannot take the expired ref.
      expect(await store.setIfAbsent("runbooks/key-rotation#1", b("1"))).toEqual(a());
      expect(await store.get("runbooks/key-rotation#1")).toBeUndefined();
      // Its own document gets it back.
      expect(await store.setIfAbsent("runbooks/key-rotation#1", a("1"))).toEqual(a("1"));
    });

    it("reading a ref keeps its slug bound past the slug's own lifetime", async () => {
      const { store, age } = await open();
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      let aged = 0;
      while (aged <= slugTtlMs) {
        await age(ttlMs * 0.7);
        aged += ttlMs * 0.7;
        expect(await store.get("runbooks/key-rotation#1")).toEqual(a("1"));
      }
      expect(await store.setIfAbsent("runbooks/key-rotation#2", b("2"))).toEqual(a());
    });

    it("frees a slug only after it went unused for its whole lifetime", async () => {
      const { store, age } = await open();
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      // Margins of seconds: in Redis, real time passes too.
      await age(slugTtlMs - 5_000);
      expect(await store.setIfAbsent("runbooks/key-rotation#1", b("1"))).toEqual(a());
      await age(10_000);
      expect(await store.setIfAbsent("runbooks/key-rotation#1", b("1"))).toEqual(b("1"));
    });

    it("keeps areas and collections apart", async () => {
      const { store } = await open();
      const other = { ...a("1"), collectionId: "c2" };
      await store.setIfAbsent("runbooks/key-rotation#1", a("1"));
      expect(await store.setIfAbsent("runbooks/key-rotation#1", other)).toEqual(a());
      const policy = { ...a("1"), area: "policies" };
      expect(await store.setIfAbsent("policies/key-rotation#1", policy)).toEqual(policy);
    });
  });
}
