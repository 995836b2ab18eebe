import { describe, expect, it } from "vitest";
import { toDate } from "./to-date.js";

describe("toDate", () => {
  it("keeps the day of an ISO timestamp, in UTC", () => {
    expect(toDate("2026-03-14T23:30:00-02:00")).toBe("2026-03-15");
    expect(toDate("2026-03-14")).toBe("2026-03-14");
    expect(toDate("2026-03-14 10:00")).toBe("2026-03-14");
    expect(toDate("2026-03-14T10:00:00.123456Z")).toBe("2026-03-14");
  });

  it("is null for absent or unreadable values", () => {
    expect(toDate(undefined)).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(toDate("")).toBeNull();
    expect(toDate("last tuesday")).toBeNull();
  });

  it("is YYYY-MM-DD or null, never a year of five digits or a date Date.parse made up", () => {
    // Date.parse reads "99999" as the year 99999 ("+099999-01-01") and "1" as 2001-01-01.
    expect(toDate("99999")).toBeNull();
    expect(toDate("1")).toBeNull();
    expect(toDate("+099999-01-01")).toBeNull();
    expect(toDate("2026-02-30")).toBeNull();
    // An offset that carries the day past 9999-12-31.
    expect(toDate("9999-12-31T23:00:00-05:00")).toBeNull();
    expect(toDate("2024-02-29")).toBe("2024-02-29");
  });

  it("reads a day alone exactly as it reads that day at midnight UTC (arithmetic against Date)", () => {
    const pad = (value: number, width: number) => String(value).padStart(width, "0");
    for (const year of [0, 1, 4, 100, 400, 1900, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const plain = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(toDate(plain), plain).toBe(toDate(`${plain}T00:00Z`));
        }
      }
    }
    for (const time of ["T00:00:00Z", "T23:59:59.999999Z", " 12:30Z", "T24:00:00Z", "T23:60Z"]) {
      for (const day of ["2024-02-29", "2023-02-28", "2023-02-29", "9999-12-31", "2026-13-01"]) {
        // The same value through Date (a lower-case z takes the Date path).
        expect(toDate(`${day}${time}`), `${day}${time}`).toBe(
          toDate(`${day}${time.replace("Z", "z")}`),
        );
      }
    }
    expect(toDate("2022-02-18T00:00:00Z")).toBe("2022-02-18");
    expect(toDate(" 2024-02-29 ")).toBe("2024-02-29");
    expect(toDate("2023-02-29")).toBeNull();
  });
});
