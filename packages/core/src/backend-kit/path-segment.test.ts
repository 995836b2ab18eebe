import { describe, expect, it } from "vitest";
import { collectionSegment, pathSegment } from "./path-segment.js";

describe("pathSegment", () => {
  it("encodes an id as one segment and refuses what would leave the path or cannot be encoded", () => {
    expect(pathSegment("docs/v2 guide")).toBe("docs%2Fv2%20guide");
    for (const id of ["", ".", "..", "\ud800"]) expect(pathSegment(id)).toBeUndefined();
  });
});

describe("collectionSegment", () => {
  it("is the encoded segment when there is one", () => {
    expect(collectionSegment("team a/docs", "an index name")).toBe("team%20a%2Fdocs");
  });

  it("is misconfigured in the engine's own words when no path can carry the id", () => {
    for (const id of ["", "..", "\udc00"]) {
      expect(collectionSegment(id, "an index uid")).toEqual({
        kind: "failed",
        cause: "misconfigured",
        reason: "collection id is not an index uid",
      });
    }
  });
});
