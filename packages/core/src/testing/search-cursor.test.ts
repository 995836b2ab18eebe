import { describe, expect, it } from "vitest";
import { decodeSearchCursor, encodeSearchCursor } from "./search-cursor.js";

describe("search cursors", () => {
  const cursor = {
    query: "rotate key",
    sort: "relevance",
    collectionId: "c-1",
    collectionVersion: 3,
    offset: 40,
  };

  it("round-trips and is URL-safe", () => {
    const encoded = encodeSearchCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchCursor(encoded)).toEqual(cursor);
  });

  it("rejects anything it did not issue", () => {
    expect(decodeSearchCursor("")).toBeUndefined();
    expect(decodeSearchCursor("not a cursor!")).toBeUndefined();
    expect(decodeSearchCursor(Buffer.from("[1,2]").toString("base64url"))).toBeUndefined();
    expect(
      decodeSearchCursor(
        Buffer.from('{"q":"x","s":"relevance","c":"c","v":1,"o":-1}').toString("base64url"),
      ),
    ).toBeUndefined();
  });
});
