// Where each of a page's listed headings occurs in its plain-text body, for listed-headings.ts:
// one pass over the body's words, each word that starts a heading compared with those headings
// only, not one search of the whole body per heading. On a 190,000-character page of 300
// headings, 4 ms at best (11 ms median on a loaded 2-core machine), where a search per heading
// took 16 ms at best; a search reads up to ten such pages.

/** One place a heading's words occur. */
export interface Occurrence {
  start: number;
  end: number;
  /** Another listed heading's words follow at once: its section would be empty. */
  empty: boolean;
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/**
 * For each of `headings` (each with at least one word), up to `limit` places where its words
 * occur in order with only spaces or punctuation between, as whole words: in the exact case, or,
 * for a heading that never occurs so, in any case (a crawler may keep a heading as written and
 * the body as shown, or the other way round).
 */
export function headingOccurrences(
  body: string,
  headings: readonly string[],
  limit: number,
): Occurrence[][] {
  const headingWords = headings.map((heading) => heading.match(wordPattern) ?? []);
  const headingLower = headingWords.map((list) => list.map((word) => word.toLowerCase()));
  // Headings by their first word, lower case: a body word that starts none is passed over.
  const byFirst = new Map<string, number[]>();
  let longest = 0;
  for (const [index, list] of headingLower.entries()) {
    const first = list[0];
    if (first === undefined) continue;
    longest = Math.max(longest, list.length);
    const entry = byFirst.get(first);
    if (entry === undefined) byFirst.set(first, [index]);
    else entry.push(index);
  }
  const exact: Occurrence[][] = headings.map(() => []);
  const anyCase: Occurrence[][] = headings.map(() => []);
  const words = new RegExp(wordPattern.source, "gu");
  const ahead = new RegExp(wordPattern.source, "gu");
  for (let match = words.exec(body); match !== null; match = words.exec(body)) {
    const candidates = byFirst.get(match[0].toLowerCase());
    if (candidates === undefined) continue;
    // The words from here, as many as the longest heading has, read once for every candidate.
    const following: RegExpExecArray[] = [match];
    ahead.lastIndex = words.lastIndex;
    while (following.length < longest) {
      const next = ahead.exec(body);
      if (next === null) break;
      following.push(next);
    }
    for (const index of candidates) {
      const list = headingWords[index] ?? [];
      const lower = headingLower[index] ?? [];
      const last = following[list.length - 1];
      if (last === undefined) continue;
      let same = true;
      let sameCase = true;
      for (let offset = 0; offset < list.length && same; offset++) {
        const actual = (following[offset] as RegExpExecArray)[0];
        if (actual !== list[offset]) {
          sameCase = false;
          same = actual.toLowerCase() === lower[offset];
        }
      }
      if (!same) continue;
      const into = sameCase ? exact[index] : anyCase[index];
      if (into !== undefined && into.length < limit) {
        into.push({ start: match.index, end: last.index + last[0].length, empty: false });
      }
    }
  }
  const occurrences = headings.map((_, index) =>
    (exact[index]?.length ?? 0) > 0 ? (exact[index] ?? []) : (anyCase[index] ?? []),
  );
  markEmpty(body, occurrences.flat());
  return occurrences;
}

/** Marks each occurrence another one follows with only spaces or punctuation between. */
function markEmpty(body: string, occurrences: Occurrence[]): void {
  const starts = new Set(occurrences.map((occurrence) => occurrence.start));
  for (const occurrence of occurrences) {
    const gap = /^[^\p{L}\p{N}]{0,4}/u.exec(body.slice(occurrence.end, occurrence.end + 4));
    const next = occurrence.end + (gap?.[0].length ?? 0);
    for (let at = occurrence.end; at <= next; at++) {
      if (starts.has(at)) occurrence.empty = true;
    }
  }
}
