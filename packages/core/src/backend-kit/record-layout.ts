import type { BackendDocument, BackendHit } from "../backend/search-backend.js";
import { refuseOption } from "./backend-options.js";

// How the hosted engines' records map onto the seam (DESIGN.md section 2, "Records"). Two layouts:
// - "docsearch": what Algolia DocSearch, Typesense's DocSearch fork and Meilisearch's docs-scraper
//   write: one record per block of a page, `hierarchy.lvl0…lvl6` (docs-scraper: `hierarchy_lvl0…`),
//   `content`, `url`, `anchor`, `url_without_anchor`. A record is a section; the page (the URL
//   without its anchor) is the document; the anchor names the section; the URL's path is the slug.
// - "sections": DESIGN section 2's records: `document_id`, `section` (1-based), `title`,
//   `heading`, `body`, `slug`, `updated_at`.

/** DocSearch record fields; paths with dots read nested objects or flat dotted keys alike. */
export interface DocSearchFields {
  url: string;
  anchor: string;
  content: string;
  /** The hierarchy's prefix: `hierarchy.` reads `hierarchy.lvl0`; `hierarchy_` reads `hierarchy_lvl0`. */
  hierarchyPrefix: string;
  /**
   * The page's URL without its anchor: get_document filters on it, so it must be filterable in
   * the index settings (Algolia `attributesForFaceting`, Meilisearch `filterableAttributes`,
   * Typesense an indexed field).
   */
  document: string;
  /** The record's position in its page (DocSearch's `weight.position`): orders a document's sections. */
  position: string;
  /** An optional date field (DocSearch writes none; a crawler can add one). */
  updated: string;
}

export interface SectionFields {
  /** Filterable: get_document filters on it. */
  documentId: string;
  section: string;
  title: string;
  heading: string;
  body: string;
  slug: string;
  updatedAt: string;
}

export const defaultDocSearchFields: Readonly<DocSearchFields> = Object.freeze({
  url: "url",
  anchor: "anchor",
  content: "content",
  hierarchyPrefix: "hierarchy.",
  document: "url_without_anchor",
  position: "weight.position",
  updated: "updated_at",
});

export const defaultSectionFields: Readonly<SectionFields> = Object.freeze({
  documentId: "document_id",
  section: "section",
  title: "title",
  heading: "heading",
  body: "body",
  slug: "slug",
  updatedAt: "updated_at",
});

export interface RecordLayoutOptions {
  records?: "docsearch" | "sections";
  docsearchFields?: Partial<DocSearchFields>;
  sectionFields?: Partial<SectionFields>;
}

type RawRecord = Readonly<Record<string, unknown>>;

/** One layout, read the same way by all three backends. */
export interface RecordLayout {
  readonly kind: "docsearch" | "sections";
  /** Fields searched, best first (Typesense's `query_by`). */
  readonly searchedFields: readonly string[];
  /** Fields a hit or a section needs (Algolia `attributesToRetrieve`, Meilisearch, Typesense `include_fields`). */
  readonly retrievedFields: readonly string[];
  /** The field whose text is a hit's passage. */
  readonly passageField: string;
  /** The filterable field get_document filters on. */
  readonly documentField: string;
  /** A hit from a record, or a string saying what is missing. */
  readHit(record: RawRecord, passage: string, score: number): BackendHit | string;
  /** A document from its records (any order), or a string saying what is malformed. */
  readDocument(records: readonly RawRecord[]): BackendDocument | string;
}

const fieldPattern = /^[A-Za-z0-9@_][A-Za-z0-9@_.-]{0,254}$/;
const levels = [0, 1, 2, 3, 4, 5, 6] as const;
/** docs-scraper writes a missing level as the text "null" (its clean_one_field). */
const absentText = new Set(["", "null"]);

export function recordLayout(backend: string, options: RecordLayoutOptions): RecordLayout {
  const records = options.records ?? "docsearch";
  // Field names for the other layout would be ignored silently: say so instead.
  if (records === "docsearch" && options.sectionFields !== undefined) {
    refuseOption(backend, "sectionFields", 'sectionFields apply to records: "sections"');
  }
  if (records === "sections" && options.docsearchFields !== undefined) {
    refuseOption(backend, "docsearchFields", 'docsearchFields apply to records: "docsearch"');
  }
  if (records === "docsearch") {
    return docSearchLayout(
      resolve(backend, "docsearchFields", defaultDocSearchFields, options.docsearchFields),
    );
  }
  if (records === "sections") {
    return sectionsLayout(
      resolve(backend, "sectionFields", defaultSectionFields, options.sectionFields),
    );
  }
  refuseOption(backend, "records", 'records must be "docsearch" or "sections"');
}

function resolve<Fields extends object>(
  backend: string,
  option: string,
  defaults: Readonly<Fields>,
  overrides: Partial<Fields> | undefined,
): Fields {
  const fields = { ...defaults };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (!Object.hasOwn(defaults, name)) {
      refuseOption(
        backend,
        option,
        `${option}.${name} is not a field; the fields are ${Object.keys(defaults).join(", ")}`,
      );
    }
    if (value === undefined) continue;
    const pattern =
      name === "hierarchyPrefix" ? /^[A-Za-z0-9@_][A-Za-z0-9@_.-]{0,200}$/ : fieldPattern;
    if (typeof value !== "string" || !pattern.test(value)) {
      refuseOption(
        backend,
        option,
        `${option}.${name} must be a field name (letters, digits, _ . - @)`,
      );
    }
    (fields as Record<string, string>)[name] = value;
  }
  return fields;
}

/** A field's value: a flat key first (Typesense's `hierarchy.lvl0`), else the dotted path. */
export function fieldValue(record: RawRecord, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  let value: unknown = record;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && !absentText.has(value.trim()) ? value : undefined;
}

function position(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\d{1,9}$/.test(value)) return Number(value);
  return undefined;
}

/** The page a DocSearch URL names: the URL without its fragment. */
function withoutAnchor(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
}

/** The slug: the page URL's path, without its surrounding slashes. */
function slugOf(pageUrl: string): string | undefined {
  if (!URL.canParse(pageUrl)) return undefined;
  const path = decodeURIComponentSafe(new URL(pageUrl).pathname).replace(/^\/+|\/+$/g, "");
  return path === "" ? undefined : path;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The section of a record without an anchor: the top of its page. */
export const pageTopSection = "top";

function docSearchLayout(fields: DocSearchFields): RecordLayout {
  const level = (record: RawRecord, n: number) =>
    text(fieldValue(record, `${fields.hierarchyPrefix}lvl${n}`));
  const hierarchyFields = levels.map((n) => `${fields.hierarchyPrefix}lvl${n}`);
  const documentIdOf = (record: RawRecord): string | undefined => {
    const page = text(fieldValue(record, fields.document));
    if (page !== undefined) return page;
    const url = text(fieldValue(record, fields.url));
    return url === undefined ? undefined : withoutAnchor(url);
  };
  const sectionOf = (record: RawRecord): string => {
    const anchor = text(fieldValue(record, fields.anchor));
    if (anchor !== undefined) return anchor;
    const url = text(fieldValue(record, fields.url));
    const hash = url?.indexOf("#") ?? -1;
    return url !== undefined && hash !== -1 && hash < url.length - 1
      ? url.slice(hash + 1)
      : pageTopSection;
  };
  // The page's title is lvl1 (lvl0 is the site's category); a section's heading its deepest level past it.
  const titleOf = (record: RawRecord) => level(record, 1) ?? level(record, 0);
  const headingOf = (record: RawRecord) => {
    for (let n = 6; n >= 2; n--) {
      const heading = level(record, n);
      if (heading !== undefined) return heading;
    }
    return "";
  };
  return {
    kind: "docsearch",
    searchedFields: [...hierarchyFields, fields.content],
    retrievedFields: [
      ...new Set([
        ...hierarchyFields,
        fields.content,
        fields.url,
        fields.anchor,
        fields.document,
        fields.position,
        fields.updated,
      ]),
    ],
    passageField: fields.content,
    documentField: fields.document,
    readHit(record, passage, score) {
      const documentId = documentIdOf(record);
      if (documentId === undefined) return `a hit has no ${fields.document} or ${fields.url}`;
      const title = titleOf(record);
      if (title === undefined) return `a hit has no ${fields.hierarchyPrefix}lvl1`;
      const slug = slugOf(documentId);
      const updated = text(fieldValue(record, fields.updated));
      return {
        documentId,
        title,
        snippet: passage !== "" ? passage : (text(fieldValue(record, fields.content)) ?? ""),
        score,
        section: sectionOf(record),
        ...(slug === undefined ? {} : { slug }),
        ...(updated === undefined ? {} : { updated }),
      };
    },
    readDocument(records) {
      // Records of one anchor (a heading and its paragraphs) are one section, in page order.
      const ordered = records
        .map((record, rank) => ({
          record,
          rank,
          at: position(fieldValue(record, fields.position)),
        }))
        .sort(
          (left, right) =>
            (left.at ?? left.rank) - (right.at ?? right.rank) || left.rank - right.rank,
        );
      const sections: Array<{ section: string; heading: string; parts: string[] }> = [];
      const bySection = new Map<string, { section: string; heading: string; parts: string[] }>();
      let title: string | undefined;
      let documentId: string | undefined;
      let updated: string | undefined;
      for (const { record } of ordered) {
        title ??= titleOf(record);
        documentId ??= documentIdOf(record);
        const recordUpdated = text(fieldValue(record, fields.updated));
        if (recordUpdated !== undefined && (updated === undefined || recordUpdated > updated))
          updated = recordUpdated;
        const name = sectionOf(record);
        let section = bySection.get(name);
        if (section === undefined) {
          section = { section: name, heading: headingOf(record), parts: [] };
          bySection.set(name, section);
          sections.push(section);
        } else if (section.heading === "") {
          section.heading = headingOf(record);
        }
        const content = text(fieldValue(record, fields.content));
        if (content !== undefined) section.parts.push(content);
      }
      if (title === undefined) return `the document has no ${fields.hierarchyPrefix}lvl1`;
      const slug = documentId === undefined ? undefined : slugOf(documentId);
      return {
        title,
        ...(slug === undefined ? {} : { slug }),
        ...(updated === undefined ? {} : { updated }),
        sections: sections.map(({ section, heading, parts }) => ({
          section,
          heading,
          text: parts.join("\n\n"),
        })),
      };
    },
  };
}

function sectionsLayout(fields: SectionFields): RecordLayout {
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
