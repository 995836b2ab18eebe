import { describe, expect, it } from "vitest";
import { formatRef, parseRef } from "./ref.js";

describe("refs", () => {
  it("round-trips area, slug and section", () => {
    expect(formatRef({ area: "runbooks", slug: "key-rotation", section: "3" })).toBe(
      "runbooks/key-rotation#3",
    );
    expect(parseRef("runbooks/key-rotation#3")).toEqual({
      area: "runbooks",
      slug: "key-rotation",
      section: "3",
    });
    expect(parseRef("api-reference/rate-limits")).toEqual({
      area: "api-reference",
      slug: "rate-limits",
    });
  });

  it("takes a document's path as its slug", () => {
    expect(parseRef("runbooks/alertmanager/Failed_To-Send#diagnosis")).toEqual({
      area: "runbooks",
      slug: "alertmanager/Failed_To-Send",
      section: "diagnosis",
    });
  });

  it("rejects anything the tool could not have issued", () => {
    for (const bad of [
      "",
      "runbooks",
      "runbooks/",
      "/key",
      "a/b#",
      "../etc/passwd",
      "a/../etc/passwd",
      "a/./b",
      "a/b/",
      "a//b",
      "a/b c",
      "a/b#1 2",
    ]) {
      expect(parseRef(bad)).toBeUndefined();
    }
  });
});
