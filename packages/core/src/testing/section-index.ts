import type { CorpusDocument } from "./corpus-document.js";
import { makeSnippet } from "./make-snippet.js";
import { tokenize, tokenizeWithOffsets } from "./tokenize.js";

/** One first-stage hit: a (document, section) pair and its BM25 score. */
export interface SectionHit {
  document: CorpusDocument;
  sectionIndex: number;
  /** Rounded to 4 decimals, as the wire reports it. */
  score: number;
}

interface IndexedSection {
  document: CorpusDocument;
  sectionIndex: number;
  length: number;
}

interface Posting {
  section: number;
  termFrequency: number;
}

/** The fake ranker's BM25 parameters. */
export interface SectionRanking {
  k1: number;
  b: number;
}

// Textbook BM25 parameters by default: the fake ranker is meant to be ordinary, not tuned.
export const defaultSectionRanking: Readonly<SectionRanking> = Object.freeze({ k1: 1.2, b: 0.75 });
// A real search backend stops somewhere; past this the client's page cap matters anyway.
const maximumHits = 200;

/**
 * The fake service's first-stage ranker: BM25 over each section's body text ONLY. Titles and
 * headings are not indexed on purpose — page one is then not always right (a document whose
 * title matches but whose body rarely repeats the words sinks), which is exactly what the
 * client's reranker, which sees titles, has to recover from.
 */
export class SectionIndex {
  readonly #sections: IndexedSection[] = [];
  readonly #postings = new Map<string, Posting[]>();
  readonly #averageLength: number;
  readonly #ranking: SectionRanking;

  constructor(
    documents: readonly CorpusDocument[],
    ranking: SectionRanking = defaultSectionRanking,
  ) {
    this.#ranking = ranking;
    let totalLength = 0;
    for (const document of documents) {
      for (const [sectionIndex, section] of document.sections.entries()) {
        const terms = tokenize(section.text);
        const position = this.#sections.length;
        this.#sections.push({ document, sectionIndex, length: terms.length });
        totalLength += terms.length;
        const frequencies = new Map<string, number>();
        for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
        for (const [term, termFrequency] of frequencies) {
          let postings = this.#postings.get(term);
          if (postings === undefined) {
            postings = [];
            this.#postings.set(term, postings);
          }
          postings.push({ section: position, termFrequency });
        }
      }
    }
    this.#averageLength = this.#sections.length === 0 ? 0 : totalLength / this.#sections.length;
  }

  /** Hits with a score above zero, best first (ties: document id, then section index), at most 200. */
  search(query: string): SectionHit[] {
    const queryTerms = [...new Set(tokenize(query))];
    const sectionCount = this.#sections.length;
    const { k1, b } = this.#ranking;
    const scores = new Map<number, number>();
    for (const term of queryTerms) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      // The Lucene form of IDF: never negative, so a very common term still counts a little.
      const idf = Math.log(1 + (sectionCount - postings.length + 0.5) / (postings.length + 0.5));
      for (const { section, termFrequency } of postings) {
        const length = this.#sections[section]?.length ?? 0;
        const normalization = k1 * (1 - b + (b * length) / this.#averageLength);
        const contribution = (idf * termFrequency * (k1 + 1)) / (termFrequency + normalization);
        scores.set(section, (scores.get(section) ?? 0) + contribution);
      }
    }
    const ranked: Array<{ section: IndexedSection; score: number }> = [];
    for (const [position, score] of scores) {
      const section = this.#sections[position];
      // Rank by the score the wire shows, so equal-looking scores really do tie-break by id.
      const rounded = Math.round(score * 10_000) / 10_000;
      if (section !== undefined && rounded > 0) ranked.push({ section, score: rounded });
    }
    ranked.sort(
      (left, right) =>
        right.score - left.score ||
        compareStrings(left.section.document.id, right.section.document.id) ||
        left.section.sectionIndex - right.section.sectionIndex,
    );
    return ranked.slice(0, maximumHits).map(({ section, score }) => ({
      document: section.document,
      sectionIndex: section.sectionIndex,
      score,
    }));
  }

  /**
   * The hit's snippet: a window of its section text around the first query-term hit. Separate
   * from search so only the sections of the page being answered are cut.
   */
  snippetFor(hit: SectionHit, query: string): string {
    const wanted = new Set(tokenize(query));
    const text = hit.document.sections[hit.sectionIndex]?.text ?? "";
    const firstHit = tokenizeWithOffsets(text).find((occurrence) => wanted.has(occurrence.term));
    return makeSnippet(text, firstHit?.offset ?? 0);
  }
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
