import { createSeededRandom as serviceRandom } from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import { createSeededRandom } from "./seeded-random.ts";

describe("createSeededRandom", () => {
  it("is the fake docs service's own generator, so a seed replays a bench or soak run", () => {
    expect(createSeededRandom).toBe(serviceRandom);
    const first = createSeededRandom(42);
    const again = createSeededRandom(42);
    const values = Array.from({ length: 3 }, () => first());
    expect(values).toEqual(Array.from({ length: 3 }, () => again()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
