import { fieldValue, position, type RecordLayout, text } from "./read-record.js";
import type { SectionFields } from "./record-fields.js";

// DESIGN section 2's records, one per section: `document_id`, `section` (1-based), `title`,
// `heading`, `body`, `slug`, `updated_at` (names as `SectionFields` says). A document is its
// records ordered by section; one copy of each section is kept (a pattern or alias can match an
// old and a new index during a reindex).

/** The section layout read with `fields`. */
export function sectionsLayout(fields: SectionFields): RecordLayout {
  const sectionOf = (value: unknown): string | undefined => {
    const at = position(value);
    return at === undefined || !Number.isSafeInteger(at) || at < 0 ? undefined : String(at);
  };
  const identifier = (value: unknown): string | undefined => {
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
    return undefined;
  };
  return {
    kind: "sections",
    searchedFields: [fields.title, fields.heading, fields.body],
    retrievedFields: [
      fields.documentId,
      fields.section,
      fields.title,
      fields.heading,
      fields.body,
      fields.slug,
      fields.updatedAt,
    ],
    passageField: fields.body,
    documentField: fields.documentId,
    readHit(record, passage, score) {
      const documentId = identifier(fieldValue(record, fields.documentId));
      if (documentId === undefined) return `a hit has no ${fields.documentId}`;
      const title = fieldValue(record, fields.title);
      if (typeof title !== "string") return `a hit has no ${fields.title}`;
      const section = sectionOf(fieldValue(record, fields.section));
      const slug = text(fieldValue(record, fields.slug));
      const updated = text(fieldValue(record, fields.updatedAt));
      return {
        documentId,
        title,
        snippet: passage !== "" ? passage : (text(fieldValue(record, fields.body)) ?? ""),
        score,
        ...(section === undefined ? {} : { section }),
        ...(slug === undefined ? {} : { slug }),
        ...(updated === undefined ? {} : { updated }),
      };
    },
    readDocument(records) {
      const sections: Array<{ section: string; at: number; heading: string; text: string }> = [];
      const seen = new Set<string>();
      let title: string | undefined;
      let slug: string | undefined;
      let updated: string | undefined;
      for (const [rank, record] of records.entries()) {
        const section = sectionOf(fieldValue(record, fields.section));
        if (section === undefined) return `section ${rank + 1} has no ${fields.section}`;
        const body = fieldValue(record, fields.body);
        if (typeof body !== "string") return `section ${section} has no ${fields.body}`;
        if (seen.has(section)) continue;
        seen.add(section);
        const recordTitle = fieldValue(record, fields.title);
        if (typeof recordTitle === "string") title ??= recordTitle;
        slug ??= text(fieldValue(record, fields.slug));
        const recordUpdated = text(fieldValue(record, fields.updatedAt));
        if (recordUpdated !== undefined && (updated === undefined || recordUpdated > updated))
          updated = recordUpdated;
        const heading = fieldValue(record, fields.heading);
        sections.push({
          section,
          at: Number(section),
          heading: typeof heading === "string" ? heading : "",
          text: body,
        });
      }
      if (title === undefined) return `the document has no ${fields.title}`;
      sections.sort((left, right) => left.at - right.at);
      return {
        title,
        ...(slug === undefined ? {} : { slug }),
        ...(updated === undefined ? {} : { updated }),
        sections: sections.map(({ section, heading, text: body }) => ({
          section,
          heading,
          text: body,
        })),
      };
    },
  };
}
