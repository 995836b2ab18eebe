const ellipsis = "…";

/**
 * The window of `body` (at most `maxChars` characters) where most of the query's words appear,
 * started at a sentence or line break near the first of them: a bounded passage, made in
 * JavaScript for the few rows of a page, so FTS5's snippet() never runs on every matching row.
 * Words match by their first five letters, near enough to the Porter stems the index matched.
 */
export function bestPassage(body: string, words: readonly string[], maxChars: number): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= maxChars) return text;
  const stems = words.map((word) => word.slice(0, 5));
  const hits: { at: number; stem: number }[] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
    const stem = stems.findIndex((prefix) => match[0].startsWith(prefix));
    if (stem !== -1) hits.push({ at: match.index, stem });
  }
  let bestStart = 0;
  let bestCount = 0;
  for (const [index, hit] of hits.entries()) {
    const seen = new Set<number>();
    for (let next = index; next < hits.length; next++) {
      const other = hits[next] as (typeof hits)[number];
      if (other.at - hit.at > maxChars * 0.8) break;
      seen.add(other.stem);
    }
    if (seen.size > bestCount) {
      bestCount = seen.size;
      bestStart = hit.at;
    }
  }
  // Back up to the start of the sentence or line, if one is near.
  const lookBack = Math.max(0, bestStart - 80);
  const before = text.slice(lookBack, bestStart);
  const boundary = Math.max(
    before.lastIndexOf(". "),
    before.lastIndexOf("! "),
    before.lastIndexOf("? "),
  );
  let start = boundary === -1 ? bestStart : lookBack + boundary + 2;
  if (bestCount === 0) start = 0;
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + maxChars / 2) end = space;
  }
  return `${start > 0 ? ellipsis : ""}${text.slice(start, end).trim()}${end < text.length ? ellipsis : ""}`;
}
