import type { BackendDocument, BackendHit } from "../backend/search-backend.js";
import { malformed } from "../backend-kit/malformed.js";
import { type PageFormat, type PageSection, pageSections } from "../backend-kit/page-sections.js";
import { sectionOfPassage } from "../backend-kit/passage-section.js";
import { fieldValue, type RawRecord, text } from "../backend-kit/read-record.js";
import { sectionUrl } from "../backend-kit/section-url.js";
import { readHit, recordOf } from "./elasticsearch-answer.js";
import type { ElasticsearchLayout } from "./elasticsearch-layout.js";
import type { ElasticsearchPageFields } from "./elasticsearch-page-fields.js";
import { documentQuery, pageQuery } from "./elasticsearch-query.js";

// One record per page (the Elastic web crawler's, most home-grown indexers'): the engine ranks
// pages, the backend derives each page's sections from its own headings (backend-kit
// pageSections), so a ref still points at a section. Search and get_document split a page with
// the same function and the same cap (limits.documentSections), so the section a hit names is
// the one get_document lists under that number.

// A page's body comes whole with its hit (to place the hit in its section), so fewer hits per
// request: 10 bodies of up to ~400 KB stay inside limits.responseBytes (4 MiB).
const pagesPerRequest = 10;
// A body longer than index.highlight.max_analyzed_offset (1,000,000 characters by default; the
// Elastic web crawler keeps bodies up to 5 MB) makes the whole search a 400 unless the request
// limits what the highlighter reads: just under the default, so it never exceeds the index's own
// ("Highlighting" > max_analyzed_offset, Elasticsearch 7.12+; OpenSearch 2.2+ spells it
// max_analyzer_offset). A match past it is placed by the query's words (sectionOfPassage).
const highlightedChars = 999_999;

interface PageRead {
  documentId: string;
  title: string;
  body: string;
  sections: PageSection[];
  url?: string;
  slug?: string;
  updated?: string;
}

/** The page layout over `fields`, bodies written as `format`. */
export function pageRecordLayout(
  fields: ElasticsearchPageFields,
  options: {
    format: PageFormat;
    flavor: "elasticsearch" | "opensearch";
    titleBoost: number;
    passageChars: number;
  },
): ElasticsearchLayout {
  const byId = fields.documentId === "_id";
  const source = [
    ...(byId ? [] : [fields.documentId]),
    fields.title,
    fields.body,
    fields.headings,
    fields.url,
    fields.updatedAt,
  ];

  function readPage(record: RawRecord, maxSections: number): PageRead | string {
    const idValue = fieldValue(record, fields.documentId);
    const documentId =
      typeof idValue === "number" && Number.isSafeInteger(idValue)
        ? String(idValue)
        : text(idValue);
    if (documentId === undefined) return `a page has no ${fields.documentId}`;
    const url = text(fieldValue(record, fields.url));
    const slug = url === undefined ? undefined : urlPath(url);
    // A page without a <title> still reads: by its path, else its id.
    const title = text(fieldValue(record, fields.title)) ?? slug ?? documentId;
    const body = fieldValue(record, fields.body);
    if (body !== undefined && body !== null && typeof body !== "string") {
      return `page ${documentId} has a ${fields.body} that is not text`;
    }
    const headings = textList(fieldValue(record, fields.headings));
    const sections = pageSections(
      { title, body: body ?? "", format: options.format, ...(headings ? { headings } : {}) },
      { maxSections },
    );
    const updated = text(fieldValue(record, fields.updatedAt));
    return {
      documentId,
      title,
      body: body ?? "",
      sections,
      ...(url === undefined ? {} : { url }),
      ...(slug === undefined ? {} : { slug }),
      ...(updated === undefined ? {} : { updated }),
    };
  }

  return {
    maxPageSize: pagesPerRequest,
    searchBody(request, { from, size }, attempt) {
      return pageQuery(
        request,
        {
          searched: [`${fields.title}^${options.titleBoost}`, fields.headings, fields.body],
          recencyField: fields.updatedAt,
          source,
          passageField: fields.body,
          passageChars: options.passageChars,
          highlightLimit: {
            [options.flavor === "opensearch" ? "max_analyzer_offset" : "max_analyzed_offset"]:
              highlightedChars,
          },
          from,
          size,
        },
        attempt,
      );
    },
    readHit(hit, rank, query, attempt) {
      return readHit(hit, rank, fields.body, (record, passage, score): BackendHit | string => {
        const page = readPage(record, attempt.limits.documentSections);
        if (typeof page === "string") return page;
        // The highlight fragment (asked for with empty tags, so a verbatim piece of the body)
        // says where the words matched: the section holding it is the ref's. Without one that
        // holds the query's words, the section where they occur most (sectionOfPassage).
        const section = sectionOfPassage(page.body, page.sections, passage, query);
        if (section === undefined) return `page ${page.documentId} has no sections`;
        const at = passage === "" ? -1 : page.body.indexOf(passage.trim());
        const inSection = at >= section.start && at < section.end;
        const url = sectionUrl(page.url, section, page.title);
        return {
          documentId: page.documentId,
          title: page.title,
          snippet: inSection ? passage : section.text || section.heading,
          score,
          section: section.section,
          ...(url === undefined ? {} : { url }),
          ...(page.slug === undefined ? {} : { slug: page.slug }),
          ...(page.updated === undefined ? {} : { updated: page.updated }),
        };
      });
    },
    documentBody(documentId, attempt) {
      return documentQuery(
        {
          filter: byId
            ? { ids: { values: [documentId] } }
            : { term: { [fields.documentId]: documentId } },
          // One record is the page; during a reindex an alias may hold it twice: the first is read.
          size: 1,
          source,
        },
        attempt,
      );
    },
    readDocument(hits, attempt) {
      const first = hits[0];
      if (first === undefined) return { kind: "not_found" };
      const page = readPage(recordOf(first), attempt.limits.documentSections);
      if (typeof page === "string") return malformed(page);
      const document: BackendDocument = {
        title: page.title,
        ...(page.updated === undefined ? {} : { updated: page.updated }),
        ...(page.slug === undefined ? {} : { slug: page.slug }),
        ...(page.url === undefined ? {} : { url: page.url }),
        sections: page.sections.map((section) => {
          const url = sectionUrl(page.url, section, page.title);
          return {
            section: section.section,
            heading: section.heading,
            text: section.text,
            ...(url === undefined ? {} : { url }),
          };
        }),
      };
      return { kind: "document", document };
    },
  };
}

/** A list of strings (or one string) as a list; undefined when it is neither. */
function textList(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is string => typeof item === "string");
}

/** The page's path: its URL's, without the surrounding slashes; undefined for the site's root. */
function urlPath(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const path = new URL(url).pathname.replace(/^\/+|\/+$/g, "");
  try {
    return decodeURIComponent(path) || undefined;
  } catch {
    return path || undefined;
  }
}
