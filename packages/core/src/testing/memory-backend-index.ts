import { ConfigurationError } from "../errors/configuration-error.js";
import { porterStem } from "../text/porter-stem.js";
import { queryWords } from "../text/query-words.js";
import { Bm25Index } from "./bm25-index.js";
import type { MemoryDocument, MemoryRanking } from "./memory-backend-options.js";
import { tokenize } from "./tokenize.js";

/** One section's record: the hit's `section` is `position` plus one. */
export interface SectionRecord {
  document: MemoryDocument;
  /** 0-based. */
  position: number;
}

/** One collection, indexed: its section records for BM25 and its documents by id. */
export interface MemoryCollection {
  index: Bm25Index<SectionRecord>;
  documents: ReadonlyMap<string, MemoryDocument>;
}

/** A question's ranking in one collection: its words (for the passage) and the sections, best first. */
export interface RankedSections {
  words: string[];
  ranked: Array<{ entry: SectionRecord; score: number }>;
}

/** Each collection indexed; a ConfigurationError for a document without an id or a repeated id. */
export function indexCollections(
  collections: Readonly<Record<string, readonly MemoryDocument[]>>,
  ranking: MemoryRanking,
): Map<string, MemoryCollection> {
  const indexed = new Map<string, MemoryCollection>();
  for (const [collectionId, documents] of Object.entries(collections)) {
    indexed.set(collectionId, indexCollection(collectionId, documents, ranking));
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
  const ranked = collection.index
    .score(queryTerms)
    .sort(
      (left, right) =>
        right.score - left.score ||
        compareStrings(left.entry.document.id, right.entry.document.id) ||
        left.entry.position - right.entry.position,
    );
  return { words, ranked };
}

function indexCollection(
  collectionId: string,
  documents: readonly MemoryDocument[],
  { titleWeight, bm25, stemming }: MemoryRanking,
): MemoryCollection {
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
  const records = documents.flatMap((document) => {
    // The title counts `titleWeight` times in every section's record: a title word finds the document.
    const titleTerms = termsOf(document.title);
    const weighted = Array.from({ length: titleWeight }, () => titleTerms).flat();
    return document.sections.map((section, position) => ({
      entry: { document, position },
      terms: [...weighted, ...termsOf(section.heading), ...termsOf(section.body)],
    }));
  });
  return { index: new Bm25Index(records, bm25), documents: byId };
}

/** The words of a text, stopwords out, each reduced to its Porter stem. */
function stemmedTerms(text: string): string[] {
  return tokenize(text).map(porterStem);
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
