import { Bm25Index, type Bm25Parameters } from "./bm25-index.js";
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
}

/** The fake ranker's BM25 parameters. */
export type SectionRanking = Bm25Parameters;

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
  readonly #index: Bm25Index<IndexedSection>;

  constructor(
    documents: readonly CorpusDocument[],
    ranking: SectionRanking = defaultSectionRanking,
  ) {
    this.#index = new Bm25Index(
      documents.flatMap((document) =>
        document.sections.map((section, sectionIndex) => ({
          entry: { document, sectionIndex },
          terms: tokenize(section.text),
        })),
      ),
      ranking,
    );
  }

  /** Hits with a score above zero, best first (ties: document id, then section index), at most 200. */
  search(query: string): SectionHit[] {
    const ranked: Array<{ section: IndexedSection; score: number }> = [];
    for (const { entry, score } of this.#index.score(tokenize(query))) {
      // Rank by the score the wire shows, so equal-looking scores really do tie-break by id.
      const rounded = Math.round(score * 10_000) / 10_000;
      if (rounded > 0) ranked.push({ section: entry, score: rounded });
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
