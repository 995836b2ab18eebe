// An ISO 8601 date, optionally with a time and an offset: four-digit years only. Anything looser
// (`Date.parse` reads "99999" as the year 99999, and "1" as 2001) is not a date the backend meant.
const isoDate =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

// A day alone, or a day with a UTC time (the day cannot move): the fast path below.
const plainDay =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?Z)?$/;

/** Days in a month of the proleptic Gregorian calendar (as Date's), month 1 to 12. */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** YYYY-MM-DD, or null: the day is what a reader needs, and it is short. */
export function toDate(value: string | null | undefined): string | null {
  if (!value) return null;
  // Most backends send the day alone or at a UTC time: checked by arithmetic, no Date built (a
  // Date per result was a visible share of a small call's CPU).
  const plain = plainDay.exec(value.trim());
  if (plain) {
    const [, year, month, date] = plain as unknown as [string, string, string, string, string];
    const monthNumber = Number(month);
    const dateNumber = Number(date);
    return monthNumber >= 1 &&
      monthNumber <= 12 &&
      dateNumber >= 1 &&
      dateNumber <= daysIn(Number(year), monthNumber)
      ? `${year}-${month}-${date}`
      : null;
  }
  const match = isoDate.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const time = Date.parse(value.trim().replace(",", "."));
  if (Number.isNaN(time)) return null;
  // A date that does not exist (2026-02-30) is refused, not rolled into the next month.
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  if (calendar.getUTCDate() !== Number(day) || calendar.getUTCMonth() !== Number(month) - 1) {
    return null;
  }
  const date = new Date(time).toISOString();
  // An offset can carry the day past year 9999 (or before 0000): not a four-digit year.
  return /^\d{4}-/.test(date) ? date.slice(0, 10) : null;
}
