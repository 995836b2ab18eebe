import { describe, expect, it } from "vitest";
import { startLoopDelaySampler } from "./loop-delay-sampler.ts";

function blockFor(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // Busy: the event loop can run nothing else.
  }
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("the event-loop delay sampler", () => {
  it("finds a block of the loop inside a window, and none outside it", async () => {
    const sampler = startLoopDelaySampler(5);
    try {
      await wait(50);
      const blockedFrom = performance.now();
      blockFor(200);
      const blockedTo = performance.now();
      await wait(50);
      const after = performance.now();
      // Within the window: at least most of the 200 ms block (a loaded machine only adds).
      expect(sampler.delayWithin(blockedFrom - 1, blockedTo + 20)).toBeGreaterThan(150);
      // A window after it holds none of it.
      expect(sampler.delayWithin(blockedTo + 20, after)).toBeLessThan(
        sampler.delayWithin(blockedFrom - 1, blockedTo + 20),
      );
      // Half the window, about half the block: only what fell inside counts.
      const half = sampler.delayWithin(blockedFrom + 100, blockedTo + 20);
      expect(half).toBeGreaterThan(60);
      expect(half).toBeLessThanOrEqual(sampler.delayWithin(blockedFrom - 1, blockedTo + 20) - 60);
      expect(sampler.maxDelayMs()).toBeGreaterThan(150);
      expect(sampler.peakRssBytes()).toBeGreaterThan(0);
    } finally {
      sampler.stop();
    }
  });
});
