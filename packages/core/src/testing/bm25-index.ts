/** BM25's two parameters: term-frequency saturation and length normalization. */
export interface Bm25Parameters {
  k1: number;
  b: number;
}

/** One entry to index, with its terms in order (already tokenized and weighted). */
export interface Bm25Entry<Entry> {
  entry: Entry;
  terms: readonly string[];
}

interface Posting {
  position: number;
  termFrequency: number;
}

/**
 * Textbook BM25 over any entries: the fake docs service ranks section bodies with it and
 * `memoryBackend` ranks section records (title, heading and body). Scores only; the order, the
 * rounding and the cut are each ranker's own.
 */
export class Bm25Index<Entry> {
  readonly #entries: Array<{ entry: Entry; length: number }> = [];
  readonly #postings = new Map<string, Posting[]>();
  readonly #averageLength: number;
  readonly #parameters: Bm25Parameters;

  constructor(entries: Iterable<Bm25Entry<Entry>>, parameters: Bm25Parameters) {
    this.#parameters = parameters;
    let totalLength = 0;
    for (const { entry, terms } of entries) {
      const position = this.#entries.length;
      this.#entries.push({ entry, length: terms.length });
      totalLength += terms.length;
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, termFrequency] of frequencies) {
        let postings = this.#postings.get(term);
        if (postings === undefined) {
          postings = [];
          this.#postings.set(term, postings);
        }
        postings.push({ position, termFrequency });
      }
    }
    this.#averageLength = this.#entries.length === 0 ? 0 : totalLength / this.#entries.length;
  }

  /** Every entry sharing a term with the query and its score, in index order (not ranked). */
  score(queryTerms: Iterable<string>): Array<{ entry: Entry; score: number }> {
    const entryCount = this.#entries.length;
    const { k1, b } = this.#parameters;
    const scores = new Map<number, number>();
    for (const term of new Set(queryTerms)) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      // The Lucene form of IDF: never negative, so a very common term still counts a little.
      const idf = Math.log(1 + (entryCount - postings.length + 0.5) / (postings.length + 0.5));
      for (const { position, termFrequency } of postings) {
        const length = this.#entries[position]?.length ?? 0;
        const normalization = k1 * (1 - b + (b * length) / this.#averageLength);
        const contribution = (idf * termFrequency * (k1 + 1)) / (termFrequency + normalization);
        scores.set(position, (scores.get(position) ?? 0) + contribution);
      }
    }
    const scored: Array<{ entry: Entry; score: number }> = [];
    for (const [position, score] of scores) {
      const indexed = this.#entries[position];
      if (indexed !== undefined) scored.push({ entry: indexed.entry, score });
    }
    return scored;
  }
}
