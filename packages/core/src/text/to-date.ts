/** YYYY-MM-DD: the day is what a reader needs, and it is short. */
export function toDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}
