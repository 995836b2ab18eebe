// The engine fakes' analyzer, their own (not the fake docs service's tokenizer, nor a backend's):
// Elasticsearch's standard tokenizer splits on Unicode word boundaries, UAX #29
// (https://www.elastic.co/guide/en/elasticsearch/reference/current/analysis-standard-tokenizer.html),
// which `Intl.Segmenter` implements; then the lowercase filter and a stop filter with the
// fixtures' short list. The hosted engines split on word separators the same way for this corpus.

const stopwords = new Set(
  "a an and are as at be by do does for from how i if in into is it its of on or that the this to was what when where which who why will with you your".split(
    " ",
  ),
);

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

/** One analyzed term and where its word starts in the original text. */
export interface AnalyzedTerm {
  term: string;
  offset: number;
}

/** The terms of `text` with their offsets: word-like segments, lowercased, stopwords dropped. */
export function analyzeWithOffsets(text: string): AnalyzedTerm[] {
  const terms: AnalyzedTerm[] = [];
  for (const segment of segmenter.segment(text)) {
    if (segment.isWordLike !== true) continue;
    const term = segment.segment.toLowerCase();
    if (!stopwords.has(term)) terms.push({ term, offset: segment.index });
  }
  return terms;
}

/** The terms of `text`, in order. */
export function analyze(text: string): string[] {
  return analyzeWithOffsets(text).map(({ term }) => term);
}

/** `text` with `tag` applied to each word whose term is in `terms` (a highlighter's markup). */
export function tagTerms(
  text: string,
  terms: ReadonlySet<string>,
  tag: (word: string) => string,
): string {
  let tagged = "";
  for (const segment of segmenter.segment(text)) {
    const hit = segment.isWordLike === true && terms.has(segment.segment.toLowerCase());
    tagged += hit ? tag(segment.segment) : segment.segment;
  }
  return tagged;
}
