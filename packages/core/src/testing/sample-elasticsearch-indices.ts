import type { CorpusDocument } from "./corpus-document.js";
import { loadCorpus } from "./load-corpus.js";

const sampleCorpus = new URL("./corpus/sample-corpus.jsonl", import.meta.url);

/** The sample corpus as Elasticsearch indices: `docs-<area>`, one record per section (DESIGN §2). */
export function sampleElasticsearchIndices(
  documents: readonly CorpusDocument[] = loadCorpus(sampleCorpus),
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
