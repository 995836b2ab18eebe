import { describe, expect, it } from "vitest";
import { collectionIdFor } from "./collection-id.js";

describe("collectionIdFor", () => {
  it("is a version-5 UUID", () => {
    expect(collectionIdFor("runbooks", 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('is the standard UUIDv5 of "<area>/<index>", the same in every run', () => {
    // Pinned: configs and tests hard-code these ids, so they must never change.
    expect(collectionIdFor("runbooks", 0)).toBe("e331c030-9387-5039-ac32-73be10137456");
    expect(collectionIdFor("policies", 1)).toBe("15632541-70bb-52d0-842f-57018441ac73");
  });

  it("is stable and distinct per (area, index)", () => {
    expect(collectionIdFor("runbooks", 0)).toBe(collectionIdFor("runbooks", 0));
    expect(collectionIdFor("runbooks", 0)).not.toBe(collectionIdFor("runbooks", 1));
    expect(collectionIdFor("runbooks", 0)).not.toBe(collectionIdFor("policies", 0));
  });
});
