/**
 * A hit's score when the newest come first: days since 1970 of its date, plus its relevance
 * squeezed into [0, 1) — so scores fall in the order the hits come (by date, then relevance), as
 * every page must, and hits of one date keep their relevance order.
 */
export function recencyScore(updated: string, relevance: number): number {
  const days = Math.floor(Date.parse(`${updated.slice(0, 10)}T00:00:00Z`) / 86_400_000);
  const positive = Math.max(0, relevance);
  return (Number.isFinite(days) ? days : 0) + positive / (positive + 1);
}
