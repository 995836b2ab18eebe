import { describe, expect, it } from "vitest";
import { InFlightLimit, sharedInFlightLimit } from "./in-flight-limit.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("InFlightLimit", () => {
  it("holds requests past the bound and lets them through in arrival order", async () => {
    const limit = new InFlightLimit({ maxInFlight: 2 });
    const first = await limit.acquire();
    const second = await limit.acquire();
    const order: string[] = [];
    const granted = (name: string) => (release: () => void) => {
      order.push(name);
      return release;
    };
    const third = limit.acquire().then(granted("third"));
    const fourth = limit.acquire().then(granted("fourth"));
    await tick();
    expect(order).toEqual([]);
    expect([limit.inFlight, limit.waiting]).toEqual([2, 2]);
    first();
    await tick();
    expect(order).toEqual(["third"]);
    second();
    await tick();
    expect(order).toEqual(["third", "fourth"]);
    (await third)();
    (await fourth)();
    expect([limit.inFlight, limit.waiting]).toEqual([0, 0]);
  });

  it("frees one slot however often a release is called", async () => {
    const limit = new InFlightLimit({ maxInFlight: 1 });
    const release = await limit.acquire();
    release();
    release();
    await limit.acquire();
    expect(limit.inFlight).toBe(1);
    const waiting = limit.acquire();
    await tick();
    expect(limit.waiting).toBe(1);
    void waiting;
  });

  it("drops a waiter whose signal aborts, with the signal's reason", async () => {
    const limit = new InFlightLimit({ maxInFlight: 1 });
    const release = await limit.acquire();
    const controller = new AbortController();
    const waiting = limit.acquire(controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    expect(limit.waiting).toBe(0);
    release();
    expect(limit.inFlight).toBe(0);
    await expect(limit.acquire(controller.signal)).rejects.toThrow("deadline");
  });

  it("refuses a bound that is not a positive integer", () => {
    expect(() => new InFlightLimit({ maxInFlight: 0 })).toThrow(RangeError);
    expect(() => new InFlightLimit({ maxInFlight: 1.5 })).toThrow(RangeError);
  });

  it("is one per origin for the whole process", () => {
    expect(sharedInFlightLimit("http://a.test")).toBe(sharedInFlightLimit("http://a.test"));
    expect(sharedInFlightLimit("http://a.test")).not.toBe(sharedInFlightLimit("http://b.test"));
    expect(sharedInFlightLimit("http://a.test").maxInFlight).toBe(256);
  });
});
