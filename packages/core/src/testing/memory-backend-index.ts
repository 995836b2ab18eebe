import { ConfigurationError } from "../errors/configuration-error.js";
import { porterStem } from "../text/porter-stem.js";
import { queryWords } from "../text/query-words.js";
import type { MemoryDocument, MemoryRanking } from "./memory-backend-options.js";
import { tokenize } from "./tokenize.js";

/** One section's record: the hit's `section` is `position` plus one. */
export interface SectionRecord {
  document: MemoryDocument;
  /** 0-based. */
  position: number;
}

/** One collection, indexed: its sections scored by BM25 and its documents by id. */
export interface MemoryCollection {
  /** Every section sharing a term with the query and its score, in index order (not ranked). */
  score(queryTerms: readonly string[]): Array<{ entry: SectionRecord; score: number }>;
  documents: ReadonlyMap<string, MemoryDocument>;
}

/** A question's ranking in one collection: its words (for the passage) and the sections, best first. */
export interface RankedSections {
  words: string[];
  ranked: Array<{ entry: SectionRecord; score: number }>;
}

interface Posting {
  position: number;
  termFrequency: number;
}

/** One collection's records before scoring: its sections, their lengths, its postings. */
interface CollectionRecords {
  records: SectionRecord[];
  lengths: number[];
  postings: Map<string, Posting[]>;
  documents: Map<string, MemoryDocument>;
}

/**
 * Each collection indexed; a ConfigurationError for a document without an id or a repeated id.
 * BM25's statistics (section count, average length, how many sections hold a word) are the whole
 * backend's, as FTS5's are the folder's whole index and PostgreSQL's the whole table (issue 31): a
 * section scores the same whichever collection holds it, so the reranker, which puts every
 * collection's scores on one scale, compares like with like. Per collection, a word common in the
 * backend but rare in one small collection outscored the words that tell sections apart (dev set:
 * section recall@8 0.783 -> 0.825, bench/README.md). Postings stay per collection: a search reads
 * only its own collection's.
 */
export function indexCollections(
  collections: Readonly<Record<string, readonly MemoryDocument[]>>,
  ranking: MemoryRanking,
): Map<string, MemoryCollection> {
  const each = Object.entries(collections).map(
    ([collectionId, documents]) =>
      [collectionId, collectionRecords(collectionId, documents, ranking)] as const,
  );
  let sections = 0;
  let totalLength = 0;
  const sectionsWith = new Map<string, number>();
  for (const [, { lengths, postings }] of each) {
    sections += lengths.length;
    for (const length of lengths) totalLength += length;
    for (const [term, list] of postings)
      sectionsWith.set(term, (sectionsWith.get(term) ?? 0) + list.length);
  }
  const averageLength = sections === 0 ? 0 : totalLength / sections;
  const { k1, b } = ranking.bm25;
  const indexed = new Map<string, MemoryCollection>();
  for (const [collectionId, { records, lengths, postings, documents }] of each) {
    const score = (queryTerms: readonly string[]) => {
      const scores = new Map<number, number>();
      for (const term of new Set(queryTerms)) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const holding = sectionsWith.get(term) ?? list.length;
        // The Lucene form of IDF (as Bm25Index): never negative, a very common term still counts a little.
        const idf = Math.log(1 + (sections - holding + 0.5) / (holding + 0.5));
        for (const { position, termFrequency } of list) {
          const normalization = k1 * (1 - b + (b * (lengths[position] ?? 0)) / averageLength);
          const contribution = (idf * termFrequency * (k1 + 1)) / (termFrequency + normalization);
          scores.set(position, (scores.get(position) ?? 0) + contribution);
        }
      }
      return Array.from(scores, ([position, value]) => ({
        entry: records[position] as SectionRecord,
        score: value,
      }));
    };
    indexed.set(collectionId, { score, documents });
  }
  return indexed;
}

/**
 * The collection's sections that share a word with the question, best first (ties: document id,
 * then position, so pages never shuffle).
 */
export function rankSections(
  collection: MemoryCollection,
  query: string,
  ranking: MemoryRanking,
): RankedSections {
  // The question's words as the folder asks FTS5 for them (common words out) and the
  // passage as the folder cuts it: dev set, issue 31, MRR@8 0.779 -> 0.828 (bench/README.md).
  const words = queryWords(query);
  const queryTerms = ranking.stemming === "porter" ? words.map(porterStem) : words;
  const ranked = collection
    .score(queryTerms)
    .sort(
      (left, right) =>
        right.score - left.score ||
        compareStrings(left.entry.document.id, right.entry.document.id) ||
        left.entry.position - right.entry.position,
    );
  return { words, ranked };
}

function collectionRecords(
  collectionId: string,
  documents: readonly MemoryDocument[],
  { titleWeight, stemming }: MemoryRanking,
): CollectionRecords {
  const termsOf = stemming === "porter" ? stemmedTerms : tokenize;
  const byId = new Map<string, MemoryDocument>();
  for (const document of documents) {
    if (typeof document.id !== "string" || document.id === "") {
      throw new ConfigurationError({
        option: "collections",
        message: `memoryBackend: a document of ${collectionId} has no id.`,
      });
    }
    if (byId.has(document.id)) {
      throw new ConfigurationError({
        option: "collections",
        message: `memoryBackend: two documents of ${collectionId} share the id ${JSON.stringify(document.id)}.`,
      });
    }
    byId.set(document.id, document);
  }
  const collection: CollectionRecords = {
    records: [],
    lengths: [],
    postings: new Map(),
    documents: byId,
  };
  for (const document of documents) {
    // The title counts `titleWeight` times in every section's record: a title word finds the document.
    const titleTerms = termsOf(document.title);
    const weighted = Array.from({ length: titleWeight }, () => titleTerms).flat();
    for (const [position, section] of document.sections.entries()) {
      const terms = [...weighted, ...termsOf(section.heading), ...termsOf(section.body)];
      const index = collection.records.length;
      collection.records.push({ document, position });
      collection.lengths.push(terms.length);
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, termFrequency] of frequencies) {
        const list = collection.postings.get(term);
        if (list === undefined) collection.postings.set(term, [{ position: index, termFrequency }]);
        else list.push({ position: index, termFrequency });
      }
    }
  }
  return collection;
}

/** The words of a text, stopwords out, each reduced to its Porter stem. */
function stemmedTerms(text: string): string[] {
  return tokenize(text).map(porterStem);
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
