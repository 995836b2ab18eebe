import { describe, expect, it } from "vitest";
import { nextOffset, offsetPage, readOffset } from "./offset-continuation.js";

const refused = { kind: "failed", cause: "rejected", reason: "continuation is not an offset" };
const limits = { limits: { pageItems: 100 } } as const;

describe("readOffset and nextOffset", () => {
  it("page one is 0; a continuation is a decimal offset below the window, never page one", () => {
    expect(readOffset(undefined, 1000)).toBe(0);
    expect(readOffset("40", 1000)).toBe(40);
    for (const continuation of ["1000", "-1", "4e1", "", "0x10", "1234567890"]) {
      expect(readOffset(continuation, 1000)).toEqual(refused);
    }
  });

  it("the next page starts after this one, and no continuation reaches the window", () => {
    expect(nextOffset(40, 20, 1000)).toBe("60");
    expect(nextOffset(980, 20, 1000)).toBeUndefined();
  });
});

describe("offsetPage", () => {
  it("asks for the caller's page size within core's page limit", () => {
    expect(offsetPage({ continuation: undefined, pageSize: 20 }, limits, 1000)).toEqual({
      offset: 0,
      size: 20,
    });
    expect(offsetPage({ continuation: "40", pageSize: 500 }, limits)).toEqual({
      offset: 40,
      size: 100,
    });
  });

  it("never asks past the window, and refuses a continuation at or past it", () => {
    expect(offsetPage({ continuation: "990", pageSize: 20 }, limits, 1000)).toEqual({
      offset: 990,
      size: 10,
    });
    expect(offsetPage({ continuation: "1000", pageSize: 20 }, limits, 1000)).toEqual(refused);
  });
});
