import { describe, expect, it } from "vitest";
import { MemoryRefStore } from "./memory-ref-store.js";
import { isProcessLocalRef } from "./ref.js";
import type { MintRequest } from "./ref-minter.js";
import { RefRegistry, type RefStoreDeadline } from "./ref-registry.js";
import type { RefStore } from "./ref-store.js";

const request = (documentId: string, title = "Key rotation"): MintRequest => ({
  area: "runbooks",
  collectionId: "c1",
  documentId,
  slug: undefined,
  title,
  section: "2",
});

const deadline = (
  remainingMs: number,
  signal = new AbortController().signal,
): RefStoreDeadline => ({
  remaining: () => remainingMs,
  signal,
});

/** A store that never answers, as a paused Redis does once a command is on the wire. */
const hungStore = (): RefStore & { signals: AbortSignal[] } => {
  const signals: AbortSignal[] = [];
  const hang = (_ref: string, _target?: unknown, options?: { signal?: AbortSignal }) => {
    if (options?.signal) signals.push(options.signal);
    return new Promise<never>(() => {});
  };
  return {
    signals,
    get: (ref, options) => hang(ref, undefined, options),
    setIfAbsent: (ref, target, options) => hang(ref, target, options),
  };
};

const failingStore: RefStore = {
  get: async () => {
    throw Object.assign(new Error("connect ECONNREFUSED redis://user:hunter2@10.0.0.1:6379"), {
      name: "ConnectionError",
    });
  },
  setIfAbsent: async () => {
    throw new Error("The client is offline");
  },
};

describe("RefRegistry", () => {
  it("issues and resolves through the store when it answers", async () => {
    const store = new MemoryRefStore();
    const registry = new RefRegistry({ store, timeoutMs: 1_000 });
    const issued = await registry.issue([request("d1"), request("d2")], deadline(5_000));
    expect(issued.degraded).toBeUndefined();
    expect(issued.refs[0]).toBe("runbooks/key-rotation#2");
    expect((await store.get(issued.refs[1] as string))?.documentId).toBe("d2");
    expect(await registry.resolve("runbooks/key-rotation#2", deadline(5_000))).toEqual({
      kind: "found",
      target: { area: "runbooks", collectionId: "c1", documentId: "d1", section: "2" },
    });
    expect(await registry.resolve("runbooks/nothing#2", deadline(5_000))).toMatchObject({
      kind: "unknown",
    });
  });

  it("an in-process store still answers when the call has no time left", async () => {
    const registry = new RefRegistry({ store: new MemoryRefStore(), timeoutMs: 1_000 });
    const spent = new AbortController();
    spent.abort();
    const issued = await registry.issue([request("d1")], deadline(0, spent.signal));
    expect(issued).toEqual({ refs: ["runbooks/key-rotation#2"] });
    expect(
      await registry.resolve("runbooks/key-rotation#2", deadline(0, spent.signal)),
    ).toMatchObject({
      kind: "found",
    });
  });

  it("a hung store: waits timeoutMs, then issues process-local refs this process resolves", async () => {
    const store = hungStore();
    const registry = new RefRegistry({ store, timeoutMs: 50 });
    const started = performance.now();
    const issued = await registry.issue(
      [request("d1"), request("d2", "Disk pressure")],
      deadline(5_000),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(issued.degraded).toBe(
      "ref store failed (no answer within 50 ms): 2 of 2 refs issued for this process only",
    );
    const [first, second] = issued.refs as [string, string];
    expect(first).toMatch(/^runbooks\/key-rotation--[a-z0-9]{1,5}#2$/);
    expect(second).toMatch(/^runbooks\/disk-pressure--[a-z0-9]{1,5}#2$/);
    expect(isProcessLocalRef(first)).toBe(true);
    // The store was told to give up, so a client can drop what it has not written yet.
    expect(store.signals.length).toBeGreaterThan(0);
    expect(store.signals.every((signal) => signal.aborted)).toBe(true);
    // Resolved here without asking the store; another registry (process) does not know them.
    expect(await registry.resolve(first, deadline(5_000))).toMatchObject({
      kind: "found",
      target: { documentId: "d1", section: "2" },
    });
    const elsewhere = new RefRegistry({ store: new MemoryRefStore(), timeoutMs: 50 });
    expect(await elsewhere.resolve(first, deadline(5_000))).toMatchObject({ kind: "unknown" });
  });

  it("a hung store: resolving is unavailable, never unknown, within timeoutMs or the deadline", async () => {
    for (const [timeoutMs, remainingMs] of [
      [50, 5_000],
      [5_000, 50],
    ] as const) {
      const registry = new RefRegistry({ store: hungStore(), timeoutMs });
      const started = performance.now();
      expect(await registry.resolve("runbooks/key-rotation#2", deadline(remainingMs))).toEqual({
        kind: "unavailable",
        reason: "ref store failed (no answer within 50 ms)",
      });
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  it("the caller's cancel ends the wait at once", async () => {
    const registry = new RefRegistry({ store: hungStore(), timeoutMs: 60_000 });
    const cancel = new AbortController();
    const resolution = registry.resolve("runbooks/key-rotation#2", deadline(60_000, cancel.signal));
    cancel.abort();
    expect(await resolution).toMatchObject({ kind: "unavailable" });
  });

  it("a failing store: says why, without the credentials a client's message may quote", async () => {
    const registry = new RefRegistry({ store: failingStore, timeoutMs: 1_000 });
    const issued = await registry.issue([request("d1")], deadline(5_000));
    expect(issued.degraded).toBe(
      "ref store failed (Error: The client is offline): 1 of 1 refs issued for this process only",
    );
    const resolution = await registry.resolve("runbooks/key-rotation#2", deadline(5_000));
    expect(resolution).toEqual({
      kind: "unavailable",
      reason: "ref store failed (ConnectionError: connect ECONNREFUSED redis://10.0.0.1:6379)",
    });
  });
});
