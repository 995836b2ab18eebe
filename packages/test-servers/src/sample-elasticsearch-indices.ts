import { readFileSync } from "node:fs";

// The sample corpus is core's data file (the fake docs service serves it); read here as data, one
// JSON document per line, with the few fields an index record needs.
const sampleCorpus = new URL("../../core/src/testing/corpus/sample-corpus.jsonl", import.meta.url);

/** A corpus document as the indices need it: core's `CorpusDocument`, read structurally. */
export interface IndexedDocument {
  id: string;
  area: string;
  title: string;
  slug: string;
  updated: string;
  sections: readonly { heading: string; text: string }[];
}

function readSampleCorpus(): IndexedDocument[] {
  return readFileSync(sampleCorpus, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as IndexedDocument);
}

/** The sample corpus as Elasticsearch indices: `docs-<area>`, one record per section (DESIGN §2). */
export function sampleElasticsearchIndices(
  documents: readonly IndexedDocument[] = readSampleCorpus(),
): Record<string, Record<string, unknown>[]> {
  const indices: Record<string, Record<string, unknown>[]> = {};
  for (const document of documents) {
    const name = `docs-${document.area}`;
    const records = indices[name] ?? [];
    indices[name] = records;
    for (const [position, section] of document.sections.entries()) {
      records.push({
        document_id: document.id,
        section: position + 1,
        title: document.title,
        heading: section.heading,
        body: section.text,
        slug: document.slug,
        updated_at: document.updated,
      });
    }
  }
  return indices;
}
