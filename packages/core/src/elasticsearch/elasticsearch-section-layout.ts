import { documentOf, sectionsToAsk } from "../backend-kit/document-size.js";
import { position, text } from "../backend-kit/read-record.js";
import {
  defaultSectionFields,
  fieldValue,
  type SectionFields,
  sectionsLayout,
} from "../backend-kit/record-layout.js";
import { readHit, recordOf } from "./elasticsearch-answer.js";
import type { ElasticsearchLayout } from "./elasticsearch-layout.js";
import { documentQuery, pageQuery } from "./elasticsearch-query.js";

// One record per section (DESIGN.md section 2, "Records"), read by the kit's section layout, plus
// the section's own address when the index keeps one: the app's link for the ref.

/** Section records' field names: the kit's section fields, and the section's URL. */
export interface ElasticsearchFields extends SectionFields {
  /**
   * The section's address, with its anchor (`https://docs.example.com/install#steps`), when the
   * index keeps one: the ref's link in the answer's `urls`. A record without it is linked under
   * `portalUrl`, if the app has one.
   */
  url: string;
}

export const defaultElasticsearchFields: Readonly<ElasticsearchFields> = Object.freeze({
  ...defaultSectionFields,
  url: "url",
});

/** The section layout over `fields`. */
export function sectionRecordLayout(
  fields: ElasticsearchFields,
  { titleBoost, passageChars }: { titleBoost: number; passageChars: number },
): ElasticsearchLayout {
  const layout = sectionsLayout(fields);
  const urlOf = (record: Readonly<Record<string, unknown>>) => text(fieldValue(record, fields.url));
  return {
    maxPageSize: Number.MAX_SAFE_INTEGER,
    searchBody(request, { from, size }, attempt) {
      return pageQuery(
        request,
        {
          searched: [`${fields.title}^${titleBoost}`, fields.heading, fields.body],
          recencyField: fields.updatedAt,
          // The body comes as its highlight, never whole.
          source: [
            fields.documentId,
            fields.section,
            fields.title,
            fields.slug,
            fields.updatedAt,
            fields.url,
          ],
          passageField: fields.body,
          passageChars,
          from,
          size,
        },
        attempt,
      );
    },
    readHit(hit, rank) {
      return readHit(hit, rank, layout.passageField, (record, passage, score) => {
        const read = layout.readHit(record, passage, score);
        const url = urlOf(record);
        return typeof read === "string" || url === undefined ? read : { ...read, url };
      });
    },
    documentBody(documentId, attempt, maxResultWindow) {
      // Within limits.documentSections and within the result window, one more asked for so that
      // a document past either is known, never silently cut.
      return documentQuery(
        {
          filter: { term: { [layout.documentField]: documentId } },
          orderField: fields.section,
          size: sectionsToAsk(attempt.limits.documentSections, maxResultWindow),
          source: [...layout.retrievedFields, fields.url],
        },
        attempt,
      );
    },
    readDocument(hits, attempt, maxResultWindow) {
      const records = hits.map(recordOf);
      const limit = sectionsToAsk(attempt.limits.documentSections, maxResultWindow) - 1;
      return documentOf(records, limit, (all) => {
        const document = layout.readDocument(all);
        if (typeof document === "string") return document;
        // Each section's own address, by its position as the kit's layout numbers it.
        const urls = new Map<string, string>();
        for (const record of all) {
          const at = position(fieldValue(record, fields.section));
          const url = urlOf(record);
          if (at !== undefined && url !== undefined && !urls.has(String(at))) {
            urls.set(String(at), url);
          }
        }
        if (urls.size === 0) return document;
        return {
          ...document,
          sections: document.sections.map((section) => {
            const url = urls.get(section.section);
            return url === undefined ? section : { ...section, url };
          }),
        };
      });
    },
  };
}
