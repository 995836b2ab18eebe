// Where each of a page's listed headings occurs in its plain-text body, for listed-headings.ts:
// one pass over the body's words, each place compared only with the headings whose first words
// are there, not one search of the whole body per heading (300 headings over a 190,000-character
// page took 30-65 ms that way, and a search reads ten such pages).

/** One place a heading's words occur. */
export interface Occurrence {
  start: number;
  end: number;
  /** Another listed heading's words follow at once: its section would be empty. */
  empty: boolean;
}

const wordPattern = /[\p{L}\p{N}]+/gu;

interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

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
  const words: Word[] = [];
  for (const match of body.matchAll(wordPattern)) {
    words.push({
      text: match[0],
      lower: match[0].toLowerCase(),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  const headingWords = headings.map((heading) => heading.match(wordPattern) ?? []);
  const headingLower = headingWords.map((list) => list.map((word) => word.toLowerCase()));
  // Headings by their first two words (or their one word), lower case: each place in the body
  // is compared with only the headings that start there.
  const byStart = new Map<string, number[]>();
  for (const [index, list] of headingLower.entries()) {
    if (list.length === 0) continue;
    const key = list.slice(0, 2).join(" ");
    const entry = byStart.get(key);
    if (entry === undefined) byStart.set(key, [index]);
    else entry.push(index);
  }
  const exact: Occurrence[][] = headings.map(() => []);
  const anyCase: Occurrence[][] = headings.map(() => []);
  for (const [at, word] of words.entries()) {
    const pair = `${word.lower} ${words[at + 1]?.lower ?? ""}`;
    for (const index of [...(byStart.get(word.lower) ?? []), ...(byStart.get(pair) ?? [])]) {
      const list = headingWords[index] ?? [];
      const lower = headingLower[index] ?? [];
      const last = words[at + list.length - 1];
      if (last === undefined) continue;
      let same = true;
      let sameCase = true;
      for (let offset = 0; offset < list.length; offset++) {
        const actual = words[at + offset] as Word;
        if (actual.lower !== lower[offset]) {
          same = false;
          break;
        }
        if (actual.text !== list[offset]) sameCase = false;
      }
      if (!same) continue;
      const into = sameCase ? exact[index] : anyCase[index];
      if (into !== undefined && into.length < limit) {
        into.push({ start: word.start, end: last.end, empty: false });
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
