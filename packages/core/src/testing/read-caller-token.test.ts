import { describe, expect, it } from "vitest";
import { readCallerToken } from "./read-caller-token.js";

describe("readCallerToken", () => {
  it("reads a bearer token, whatever the scheme's case", () => {
    expect(readCallerToken({ authorization: "Bearer abc" })).toBe("abc");
    expect(readCallerToken({ authorization: "bearer abc" })).toBe("abc");
  });

  it("refuses other schemes and empty tokens", () => {
    expect(readCallerToken({ authorization: "Basic abc" })).toBeUndefined();
    expect(readCallerToken({ authorization: "Bearer " })).toBeUndefined();
  });

  it("falls back to x-docs-user only without an Authorization header", () => {
    expect(readCallerToken({ "x-docs-user": "abc" })).toBe("abc");
    expect(readCallerToken({ authorization: "Basic x", "x-docs-user": "abc" })).toBeUndefined();
    expect(readCallerToken({})).toBeUndefined();
  });
});
