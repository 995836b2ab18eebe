import { describe, expect, it } from "vitest";
import { type CollectionOutcome, searchStatus } from "./search-status.js";

describe("searchStatus (DESIGN.md section 1)", () => {
  const outcomes: CollectionOutcome[] = ["answered", "forbidden", "unavailable"];

  it("is total: every combination of up to three collections and any result count has one answer", () => {
    for (const a of outcomes)
      for (const b of outcomes)
        for (const c of outcomes)
          for (const resultCount of [0, 1, 8]) {
            const status = searchStatus({ outcomes: [a, b, c], resultCount });
            if ([a, b, c].includes("unavailable")) expect(status).toBe("unavailable");
            else expect(status).toBe(resultCount > 0 ? "ok" : "no_matches");
          }
  });

  it("never says no_matches while a collection failed, even with nothing found", () => {
    expect(searchStatus({ outcomes: ["answered", "unavailable"], resultCount: 0 })).toBe(
      "unavailable",
    );
  });

  it("says no_matches when the caller can read nothing in scope", () => {
    expect(searchStatus({ outcomes: ["forbidden"], resultCount: 0 })).toBe("no_matches");
    expect(searchStatus({ outcomes: [], resultCount: 0 })).toBe("no_matches");
  });
});
