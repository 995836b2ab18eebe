import * as z from "zod/mini";
import type { BackendHit } from "../backend/search-backend.js";
import { type PageFormat, type PageSection, pageSections } from "../backend-kit/page-sections.js";
import { sectionAt } from "../backend-kit/passage-section.js";
import { sectionUrl } from "../backend-kit/section-url.js";
import { byteLength, isoDate, type PostgresRowReader } from "./postgres-rows.js";

// A page table's rows (`rows: "pages"`) read into hits and documents. Sections come from the
// backend kit's pageSections, the one splitter every backend of page records uses; the search and
// get_document both split with it and the same limit, so a hit's section is the one the
// document lists under that number.

const pageHitRowSchema = z.object({
  document_id: z.string().check(z.minLength(1)),
  title: z.string(),
  slug: z.nullable(z.string()),
  updated: z.nullable(z.string()),
  score: z.number(),
  url: z.nullable(z.string()),
  snippet: z.nullable(z.string()),
  // The page before the passage, the passage as the page holds it ("" when not found: then the
  // page's top), and after it to the end of the line after the next (a setext underline).
  before_passage: z.nullable(z.string()),
  passage_in_page: z.nullable(z.string()),
  after_passage: z.nullable(z.string()),
});

const pageRowSchema = z.object({
  document_id: z.string(),
  title: z.string(),
  body: z.nullable(z.string()),
  slug: z.nullable(z.string()),
  url: z.nullable(z.string()),
  updated: z.nullable(z.string()),
});

type PageHitRow = z.infer<typeof pageHitRowSchema>;
type PageRow = z.infer<typeof pageRowSchema>;

/**
 * Page rows, split as `format` says, into at most `maxSections` sections (the last one runs to
 * the page's end: a long page is never refused or cut).
 */
export function pageRowReader(
  format: PageFormat,
  maxSections: number,
): PostgresRowReader<PageHitRow, PageRow> {
  return {
    searchRows: z.array(pageHitRowSchema),
    searchBytes: (row) =>
      byteLength(row.document_id, row.title, row.slug, row.url, row.snippet) +
      byteLength(row.before_passage, row.passage_in_page, row.after_passage),
    hitOf(row) {
      // Splitting the page only up to the passage places it as splitting the whole page would:
      // a section's number and anchor depend only on the headings before it.
      const marked = row.snippet ?? "";
      const passage = unmarked(marked);
      const before = row.before_passage ?? "";
      const inPage = row.passage_in_page ?? "";
      const sections = pageSections(
        { title: row.title, body: before + inPage + (row.after_passage ?? ""), format },
        { maxSections },
      );
      const section = inPage === "" ? sections[0] : sectionOfMarks(sections, before.length, marked);
      if (section === undefined) return "a page split into no sections";
      const url = row.url === null ? undefined : sectionUrl(row.url, section, row.title);
      const snippet = passage.trim() || section.heading;
      const hit: BackendHit = {
        documentId: row.document_id,
        title: row.title,
        snippet,
        score: row.score,
        section: section.section,
        ...(url === undefined ? {} : { url }),
        ...(row.slug !== null && row.slug !== "" ? { slug: row.slug } : {}),
        ...(row.updated !== null ? { updated: isoDate(row.updated) } : {}),
      };
      return hit;
    },
    documentRows: z.array(pageRowSchema),
    documentBytes: (row) => byteLength(row.title, row.body, row.slug, row.url),
    readDocument(rows) {
      const [page, another] = rows;
      if (page === undefined) return "no rows";
      if (another !== undefined)
        return `two pages have the id ${JSON.stringify(page.document_id).slice(0, 80)}: the id column must be unique`;
      const sections = pageSections(
        { title: page.title, body: page.body ?? "", format },
        { maxSections },
      );
      const pageUrl = page.url ?? undefined;
      return {
        title: page.title,
        sections: sections.map((section) => {
          const url = sectionUrl(pageUrl, section, page.title);
          return {
            section: section.section,
            heading: section.heading,
            text: section.text,
            ...(url === undefined ? {} : { url }),
          };
        }),
        ...(page.slug !== null && page.slug !== "" ? { slug: page.slug } : {}),
        ...(pageUrl === undefined ? {} : { url: pageUrl }),
        ...(page.updated !== null ? { updated: isoDate(page.updated) } : {}),
      };
    },
  };
}

// The marks the search statement asks ts_headline for (postgres-row-selects.ts).
const startMark = "\u0002";
const stopMark = "\u0003";

/** ts_headline's marked passage as the page's own text. */
function unmarked(marked: string): string {
  return marked.replaceAll(startMark, "").replaceAll(stopMark, "");
}

/**
 * The section holding most of the passage's matched words (the earlier one on a tie), the
 * passage starting at `start` in the page; the passage's own section when it marks none.
 */
function sectionOfMarks(
  sections: readonly PageSection[],
  start: number,
  marked: string,
): PageSection | undefined {
  const counts = new Map<PageSection, number>();
  let offset = start;
  for (const character of marked) {
    if (character === startMark) {
      const section = sectionAt(sections, offset);
      if (section !== undefined) counts.set(section, (counts.get(section) ?? 0) + 1);
    } else if (character !== stopMark) {
      offset += character.length;
    }
  }
  let best = sectionAt(sections, start);
  let most = 0;
  for (const [section, count] of counts) {
    if (count > most) {
      best = section;
      most = count;
    }
  }
  return best;
}
