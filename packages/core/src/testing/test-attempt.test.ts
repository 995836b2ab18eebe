import { describe, expect, it } from "vitest";
import { defaultLimits } from "../limits.js";
import { testAttempt } from "./test-attempt.js";

const caller = { token: "reader-token" };

describe("testAttempt", () => {
  it("hands the caller, the default limits with overrides, and records every annotation", () => {
    const attempt = testAttempt({ caller, limits: { pageItems: 3 } });
    expect(attempt.caller).toBe(caller);
    expect(attempt.limits).toEqual({ ...defaultLimits, pageItems: 3 });
    attempt.annotate({ status: 200 });
    attempt.annotate({ bytes: 12 });
    expect(attempt.details).toEqual([{ status: 200 }, { bytes: 12 }]);
    expect(attempt.timeLeftMs()).toBeGreaterThan(4900);
    expect(attempt.signal.aborted).toBe(false);
  });

  it("fires its signal at the timeout, with a TimeoutError, and has no time left after", async () => {
    const attempt = testAttempt({ caller, timeoutMs: 20 });
    await new Promise((resolve) => attempt.signal.addEventListener("abort", resolve));
    expect(attempt.signal.reason).toMatchObject({ name: "TimeoutError" });
    expect(attempt.timeLeftMs()).toBe(0);
  });

  it("fires when the given signal fires, or at once when it already has, with its reason", () => {
    const controller = new AbortController();
    const attempt = testAttempt({ caller, signal: controller.signal });
    const reason = new Error("gave up");
    controller.abort(reason);
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.signal.reason).toBe(reason);
    expect(testAttempt({ caller, signal: AbortSignal.abort(reason) }).signal.reason).toBe(reason);
  });
});
