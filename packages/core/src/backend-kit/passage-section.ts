import type { PageSection } from "./page-sections.js";

// Which derived section of a page a search hit matched. The engine ranks whole pages; the ref
// must still open where the words are. Two signals, best first:
// 1. The engine's passage (a highlight fragment asked for with empty tags) is a piece of the body
//    as stored, so where it sits in the body says which section holds it: found verbatim, else
//    word by word with any whitespace between (an engine may trim or join lines).
// 2. When the passage is not there, or holds none of the query's words (a hit on the title or
//    the headings field gets the body's start as its passage), the section where the query's
//    words occur most, a heading's words counting triple; ties go to the earlier section, and a
//    page where no word occurs opens at its top.

/** The section of `sections` (from `pageSections(body…)`) a hit with `passage` for `query` matched. */
export function sectionOfPassage(
  body: string,
  sections: readonly PageSection[],
  passage: string,
  query: string,
): PageSection | undefined {
  const terms = wordsOf(query).filter((term) => term.length > 2 && !stopwords.has(term));
  const words = wordsOf(passage);
  const matched = words.findIndex((word) => terms.some((term) => sameWord(word, term)));
  if (matched !== -1) {
    const at = offsetOf(body, passage, words, matched);
    if (at !== undefined) return sectionAt(sections, at);
  }
  let best: PageSection | undefined;
  let bestCount = 0;
  for (const section of sections) {
    const count =
      3 * occurrences(wordsOf(section.heading), terms) + occurrences(wordsOf(section.text), terms);
    if (count > bestCount) {
      best = section;
      bestCount = count;
    }
  }
  return best ?? sections[0];
}

/** The section whose span holds `offset`. */
export function sectionAt(
  sections: readonly PageSection[],
  offset: number,
): PageSection | undefined {
  let found = sections[0];
  for (const section of sections) {
    if (section.start > offset) break;
    found = section;
  }
  return found;
}

// Words either side of the first matched word used to place a passage the engine reshaped: the
// matched word is what makes them distinctive (a page's boilerplate repeats; its match does not).
const placedWords = 12;

/**
 * Where the passage's first matched word (`words[matched]`) sits in the body: the passage found
 * verbatim, else by its words around that one; the word's own place, so a passage that starts
 * before a heading still names the section its match is in.
 */
function offsetOf(
  body: string,
  passage: string,
  words: readonly string[],
  matched: number,
): number | undefined {
  const trimmed = passage.trim();
  const verbatim = body.indexOf(trimmed);
  if (verbatim !== -1) {
    const word = [...trimmed.matchAll(/[\p{L}\p{N}]+/gu)][matched];
    return verbatim + (word?.index ?? 0);
  }
  const from = Math.max(0, matched - placedWords);
  const escaped = words
    .slice(from, matched + placedWords + 1)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // The matched word in its own group: `d` gives the group's place.
  escaped[matched - from] = `(${escaped[matched - from]})`;
  const match = new RegExp(escaped.join("[^\\p{L}\\p{N}]+"), "diu").exec(body);
  return match?.indices?.[1]?.[0];
}

// Query words too common to say where a page's answer is.
const stopwords = new Set(
  "and are but can does for from has have how its not the was what when where which who why will with you your".split(
    " ",
  ),
);

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The same word, near enough for an engine's stemmer (`rotate`, `rotating`, `rotation`): equal,
 * or a word of 5+ letters sharing all but its last two with the other.
 */
function sameWord(word: string, term: string): boolean {
  if (word === term) return true;
  if (term.length < 5 || word.length < 5) return false;
  const stem = term.slice(0, term.length - 2);
  return word.startsWith(stem) || term.startsWith(word.slice(0, word.length - 2));
}

function occurrences(words: readonly string[], terms: readonly string[]): number {
  let count = 0;
  for (const word of words) if (terms.some((term) => sameWord(word, term))) count += 1;
  return count;
}
