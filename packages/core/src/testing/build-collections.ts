import { createHash } from "node:crypto";
import { collectionIdFor } from "./collection-id.js";
import type { CorpusDocument } from "./corpus-document.js";
import { SectionIndex, type SectionRanking } from "./section-index.js";

/** One collection of the fake service: its documents, their index and its current version. */
export interface FakeCollection {
  id: string;
  area: string;
  /** Position among its area's collections. */
  index: number;
  documents: Map<string, CorpusDocument>;
  sectionIndex: SectionIndex;
  /** Bumped by a version-flip fault; cursors carry it so older ones stop working. */
  version: number;
}

/**
 * Splits each area's documents across `collectionsPerArea` collections by a hash of the document
 * id (so the split is the same in every run) and indexes each collection once, up front.
 * Collections come out area by area, areas in the order the corpus first names them.
 */
export function buildCollections(
  documents: readonly CorpusDocument[],
  collectionsPerArea: number,
  ranking?: SectionRanking,
): FakeCollection[] {
  if (!Number.isInteger(collectionsPerArea) || collectionsPerArea < 1) {
    throw new RangeError(
      `collectionsPerArea must be a positive integer, got ${JSON.stringify(collectionsPerArea)}`,
    );
  }
  const documentsByArea = new Map<string, CorpusDocument[][]>();
  for (const document of documents) {
    let buckets = documentsByArea.get(document.area);
    if (buckets === undefined) {
      buckets = Array.from({ length: collectionsPerArea }, () => []);
      documentsByArea.set(document.area, buckets);
    }
    const bucket =
      createHash("sha1").update(document.id).digest().readUInt32BE(0) % collectionsPerArea;
    buckets[bucket]?.push(document);
  }
  const collections: FakeCollection[] = [];
  for (const [area, buckets] of documentsByArea) {
    for (const [index, bucket] of buckets.entries()) {
      collections.push({
        id: collectionIdFor(area, index),
        area,
        index,
        documents: new Map(bucket.map((document) => [document.id, document])),
        sectionIndex: new SectionIndex(bucket, ranking),
        version: 1,
      });
    }
  }
  return collections;
}
