import { describe, expect, it } from "vitest";
import { createFakeClock } from "./fake-clock.js";

describe("createFakeClock", () => {
  it("moves monotonic and wall time together, only when advanced", () => {
    const clock = createFakeClock({ startMs: 100, epochMs: Date.UTC(2026, 10, 30) });
    expect(clock.now()).toBe(100);
    clock.advance(2500);
    expect(clock.now()).toBe(2600);
    expect(new Date(clock.epochMs()).toISOString()).toBe("2026-11-30T00:00:02.500Z");
  });

  it("fires timers that fall due, in order, and not cancelled ones", () => {
    const clock = createFakeClock();
    const fired: string[] = [];
    clock.setTimer(() => fired.push("late"), 300);
    clock.setTimer(() => fired.push("early"), 100);
    const cancel = clock.setTimer(() => fired.push("cancelled"), 200);
    cancel();
    clock.advance(250);
    expect(fired).toEqual(["early"]);
    clock.advance(50);
    expect(fired).toEqual(["early", "late"]);
  });

  it("a sleep advances the clock at once and is recorded", async () => {
    const clock = createFakeClock();
    await clock.sleep(750);
    await clock.sleep(20);
    expect(clock.now()).toBe(770);
    expect(clock.sleeps).toEqual([750, 20]);
  });

  it("a sleep whose signal aborts while it passes a timer rejects with the signal's reason", async () => {
    const clock = createFakeClock();
    const controller = new AbortController();
    clock.setTimer(() => controller.abort(new Error("stop")), 100);
    await expect(clock.sleep(50, controller.signal)).resolves.toBeUndefined();
    await expect(clock.sleep(500, controller.signal)).rejects.toThrow("stop");
    await expect(clock.sleep(1, controller.signal)).rejects.toThrow("stop");
    expect(clock.sleeps).toEqual([50, 500]);
  });
});
