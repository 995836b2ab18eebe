import { describe, expect, it } from "vitest";
import { createFakeClock } from "../testing/fake-clock.js";
import { Deadline } from "./deadline.js";

describe("Deadline", () => {
  it("aborts its signal when the clock passes it, with a TimeoutError", () => {
    const clock = createFakeClock();
    const deadline = new Deadline({ clock, timeoutMs: 1000 });
    clock.advance(400);
    expect(deadline.remaining()).toBe(600);
    expect(deadline.signal.aborted).toBe(false);
    clock.advance(600);
    expect(deadline.remaining()).toBe(0);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toMatchObject({ name: "TimeoutError" });
    expect(deadline.callerAborted).toBe(false);
  });

  it("disposing it lets go of whatever of the call is still in flight; its timer never fires", () => {
    const clock = createFakeClock();
    const deadline = new Deadline({ clock, timeoutMs: 1000 });
    const reasons: unknown[] = [];
    deadline.signal.addEventListener("abort", () => reasons.push(deadline.signal.reason));
    deadline.dispose();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toMatchObject({ name: "AbortError" });
    clock.advance(5000);
    expect(reasons).toHaveLength(1);
    expect(deadline.callerAborted).toBe(false);
  });

  it("the caller's abort reaches its signal and is told apart from the deadline", () => {
    const clock = createFakeClock();
    const caller = new AbortController();
    const deadline = new Deadline({ clock, timeoutMs: 1000, signal: caller.signal });
    caller.abort(new Error("user left"));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.callerAborted).toBe(true);
    expect(deadline.signal.reason).toMatchObject({ message: "user left" });
  });
});
