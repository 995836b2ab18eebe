import { describe, expect, it } from "vitest";
import { toDate } from "./to-date.js";

describe("toDate", () => {
  it("keeps the day of an ISO timestamp, in UTC", () => {
    expect(toDate("2026-03-14T23:30:00-02:00")).toBe("2026-03-15");
    expect(toDate("2026-03-14")).toBe("2026-03-14");
  });

  it("is null for absent or unreadable values", () => {
    expect(toDate(undefined)).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(toDate("")).toBeNull();
    expect(toDate("last tuesday")).toBeNull();
  });
});
