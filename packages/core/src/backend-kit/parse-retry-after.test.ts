import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./parse-retry-after.js";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-30T12:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Mon, 30 Nov 2026 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Mon, 30 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("gives undefined for absent or unreadable values", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("-1", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("1.5", now)).toBeUndefined();
  });
});
