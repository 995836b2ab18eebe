import { describe, expect, it } from "vitest";
import { systemClock } from "./clock.js";

describe("systemClock", () => {
  it("wall time is epoch milliseconds", () => {
    expect(Math.abs(systemClock.epochMs() - Date.now())).toBeLessThan(1000);
  });

  it("a cancelled timer never runs", async () => {
    let ran = false;
    const cancel = systemClock.setTimer(() => {
      ran = true;
    }, 1);
    cancel();
    await systemClock.sleep(20);
    expect(ran).toBe(false);
  });

  it("sleep rejects with the signal's reason, at once when already aborted or as soon as it aborts", async () => {
    await expect(systemClock.sleep(60_000, AbortSignal.abort(new Error("gone")))).rejects.toThrow(
      "gone",
    );
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(sleeping).rejects.toThrow("cancelled");
  });
});
