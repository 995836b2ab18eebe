import type { PageSection } from "./page-sections.js";

// Which derived section of a page a search hit matched. The engine ranks whole pages; the ref
// must still open where the words are:
// 1. The section that holds the most of the query's distinct words (its heading's or its text's):
//    an engine ranks a page by all its words, and the section that answers holds them together.
// 2. Among those, the one the engine's passage sits in: a highlight fragment asked for with empty
//    tags is a piece of the body as stored, the highlighter's best-scoring one, so where it sits
//    says which section the engine matched; found verbatim, else word by word with any whitespace
//    between (an engine may trim or join lines), at its first word of the query.
// 3. Else the one where the query's words occur most, a heading's counting triple; then the
//    earliest. A page where no word occurs (a hit on its title) opens where its passage sits, or
//    at its top.

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
  const at = matched === -1 ? undefined : offsetOf(body, passage, words, matched);
  const placed = at === undefined ? undefined : sectionAt(sections, at);
  let best = placed ?? sections[0];
  let bestRank = { distinct: 0, placed: false, count: 0 };
  for (const section of sections) {
    const heading = wordsOf(section.heading);
    const text = wordsOf(section.text);
    const all = heading.concat(text);
    const rank = {
      distinct: terms.filter((term) => all.some((word) => sameWord(word, term))).length,
      placed: section === placed,
      count: 3 * occurrences(heading, terms) + occurrences(text, terms),
    };
    if (outranks(rank, bestRank)) {
      best = section;
      bestRank = rank;
    }
  }
  return best;
}

function outranks(
  rank: { distinct: number; placed: boolean; count: number },
  than: { distinct: number; placed: boolean; count: number },
): boolean {
  if (rank.distinct !== than.distinct) return rank.distinct > than.distinct;
  if (rank.placed !== than.placed) return rank.placed;
  return rank.count > than.count;
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
