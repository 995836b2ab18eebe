const ellipsis = "…";
// At most this many word positions are weighed: a body of one word repeated stays cheap.
const maxHits = 400;
const wordCharacter = /[\p{L}\p{N}]/u;

/**
 * The window of `body` (at most `maxChars` characters) where most of the query's words appear,
 * started at a sentence break near the first of them: a bounded passage, made in JavaScript for
 * the few rows of a page, so FTS5's snippet() never runs on every matching row. Words match at a
 * word's start by their first five letters, near enough to the Porter stems the index matched.
 */
export function bestPassage(body: string, words: readonly string[], maxChars: number): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= maxChars) return text;
  const lower = text.toLowerCase();
  const hits: { at: number; word: number }[] = [];
  for (const [word, whole] of words.entries()) {
    const stem = whole.slice(0, 5);
    let at = lower.indexOf(stem);
    while (at !== -1 && hits.length < maxHits) {
      if (at === 0 || !wordCharacter.test(lower[at - 1] as string)) hits.push({ at, word });
      at = lower.indexOf(stem, at + stem.length);
    }
  }
  hits.sort((left, right) => left.at - right.at);
  // Slide a window of 0.8 × maxChars over the hits: the start with the most distinct words wins.
  const counts = new Map<number, number>();
  let bestStart = 0;
  let bestDistinct = 0;
  let last = 0;
  for (const [first, hit] of hits.entries()) {
    while (
      last < hits.length &&
      (hits[last] as (typeof hits)[number]).at - hit.at <= maxChars * 0.8
    ) {
      const word = (hits[last] as (typeof hits)[number]).word;
      counts.set(word, (counts.get(word) ?? 0) + 1);
      last++;
    }
    if (counts.size > bestDistinct) {
      bestDistinct = counts.size;
      bestStart = hit.at;
    }
    const remaining = (counts.get(hits[first]?.word ?? -1) ?? 1) - 1;
    if (remaining === 0) counts.delete(hit.word);
    else counts.set(hit.word, remaining);
  }
  // Back up to the start of the sentence, if one is near.
  let start = bestStart;
  if (bestDistinct > 0) {
    const lookBack = Math.max(0, bestStart - 80);
    const before = text.slice(lookBack, bestStart);
    const boundary = Math.max(
      before.lastIndexOf(". "),
      before.lastIndexOf("! "),
      before.lastIndexOf("? "),
    );
    start = boundary === -1 ? bestStart : lookBack + boundary + 2;
  }
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + maxChars / 2) end = space;
  }
  return `${start > 0 ? ellipsis : ""}${text.slice(start, end).trim()}${end < text.length ? ellipsis : ""}`;
}
