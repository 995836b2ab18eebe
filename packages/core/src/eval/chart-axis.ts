/** What every hand-written SVG chart here needs (bench's and eval's): text, ticks and values. */

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The smallest 1, 2, 2.5 or 5 times a power of ten at or above `value`: a linear axis's top. */
export function niceCeiling(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

export function formatTick(value: number): string {
  if (value >= 1000) return `${value / 1000}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** A bar's label: three significant figures, "–" for no value. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return "–";
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}
