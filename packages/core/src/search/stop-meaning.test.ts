import { describe, expect, it } from "vitest";
import type { CollectionStop } from "../trace/trace.js";
import { stopMeaning } from "./stop-meaning.js";

const stops: CollectionStop[] = [
  "end",
  "no_match",
  "page_cap",
  "adaptive",
  "cursor_loop",
  "missing_cursor",
  "version_changed",
  "forbidden",
  "unavailable",
];

describe("stopMeaning", () => {
  it("only a walk that stopped unavailable makes its collection unavailable", () => {
    for (const stop of stops) {
      expect(stopMeaning(stop).outcome === "unavailable").toBe(stop === "unavailable");
    }
  });

  it("a forbidden collection is omitted, and says nothing about more matches (that would leak it)", () => {
    expect(stopMeaning("forbidden")).toEqual({ outcome: "forbidden", moreExist: false });
  });

  it("a walk that reached the end answered in full; every early stop says more exists", () => {
    expect(stopMeaning("end")).toEqual({ outcome: "answered", moreExist: false });
    expect(stopMeaning("no_match")).toEqual({ outcome: "answered", moreExist: false });
    for (const stop of [
      "page_cap",
      "adaptive",
      "cursor_loop",
      "missing_cursor",
      "version_changed",
    ] as const) {
      expect(stopMeaning(stop)).toEqual({ outcome: "answered", moreExist: true });
    }
  });

  it("a failed collection may hold more", () => {
    expect(stopMeaning("unavailable").moreExist).toBe(true);
  });
});
