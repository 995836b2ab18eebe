import { describe, expect, it } from "vitest";
import { StoreTimeoutError } from "../errors/store-timeout-error.js";
import { createFakeClock } from "../testing/fake-clock.js";
import { settleWithin } from "./settle-within.js";

const never = () => new Promise<never>(() => {});

describe("settleWithin", () => {
  it("gives up after timeoutMs on the injected clock, and aborts the work's signal", async () => {
    const clock = createFakeClock();
    let workSignal: AbortSignal | undefined;
    const settled = settleWithin(
      (signal) => {
        workSignal = signal;
        return never();
      },
      { timeoutMs: 300, clock },
    );
    clock.advance(299);
    expect(workSignal?.aborted).toBe(false);
    clock.advance(1);
    await expect(settled).rejects.toSatisfy(StoreTimeoutError.isInstance);
    expect(workSignal?.aborted).toBe(true);
  });

  it("work that answers at once wins even with no time left and the signal already aborted", async () => {
    const spent = new AbortController();
    spent.abort();
    expect(await settleWithin(async () => "answered", { timeoutMs: 0, signal: spent.signal })).toBe(
      "answered",
    );
  });

  it("a signal that aborts during the wait ends it", async () => {
    const cancel = new AbortController();
    const settled = settleWithin(never, { timeoutMs: 60_000, signal: cancel.signal });
    cancel.abort();
    await expect(settled).rejects.toSatisfy(StoreTimeoutError.isInstance);
  });

  it("the work's own failure passes through", async () => {
    await expect(
      settleWithin(async () => Promise.reject(new Error("offline")), { timeoutMs: 1_000 }),
    ).rejects.toThrow("offline");
  });
});
