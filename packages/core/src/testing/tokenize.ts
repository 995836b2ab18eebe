// A deliberately tiny stopword list: enough that "how do I" does not match every section,
// small enough that the ranker stays an ordinary, predictable BM25.
const stopwords = new Set(
  (
    "a an and are as at be by do does for from how i if in into is it its of on or that the " +
    "this to was what when where which who why will with you your"
  ).split(" "),
);

const termPattern = /[\p{L}\p{N}]+/gu;

/** One term occurrence: the lowercased term and where it starts in the original text. */
export interface TermOccurrence {
  term: string;
  offset: number;
}

/**
 * The fake service's tokenizer: lowercase, split on anything that is not a letter or a digit,
 * drop stopwords. Offsets point into the original text so snippets can be cut around a hit.
 */
export function tokenizeWithOffsets(text: string): TermOccurrence[] {
  const occurrences: TermOccurrence[] = [];
  for (const match of text.matchAll(termPattern)) {
    const term = match[0].toLowerCase();
    if (!stopwords.has(term)) occurrences.push({ term, offset: match.index });
  }
  return occurrences;
}

/** The terms of a text, in order, with stopwords removed. */
export function tokenize(text: string): string[] {
  return tokenizeWithOffsets(text).map((occurrence) => occurrence.term);
}
