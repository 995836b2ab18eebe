import { listedHeadings } from "./listed-headings.js";
import { type HeadingMark, htmlHeadings, markdownHeadings } from "./page-headings.js";

// A page-level record (one record per page: the Elastic web crawler's, most home-grown indexers',
// an app's `pages` table) as sections (DESIGN.md section 2, "Records"): split at the page's own
// headings, one section when it has none. The search and get_document of a backend both split
// with this one function, so a hit's section number is the one get_document lists.

/** How a page's body is written. */
export type PageFormat = "plain" | "markdown" | "html";

export interface Page {
  title: string;
  body: string;
  /** Default "plain". */
  format?: PageFormat;
  /**
   * The page's headings in order, for a plain-text body (the crawler's `headings`): each found
   * in the body starts a section. Markdown and HTML bodies carry their own headings; a list
   * beside them is not used.
   */
  headings?: readonly string[];
}

export interface PageSectionOptions {
  /**
   * At most this many sections (a backend passes `limits.documentSections`): the last one then
   * runs to the page's end, later headings and all, so nothing is cut and the numbers before it
   * stay the same.
   */
  maxSections?: number;
  /** Headings deeper than this level stay text (default 6: every heading starts a section). */
  maxLevel?: number;
}

export interface PageSection {
  /** The 1-based position, as text: the ref's `#n` and get_document's section. */
  section: string;
  /** The heading's text; the page title for text before the first heading. */
  heading: string;
  /** The section's text, heading excluded, trimmed (an HTML body's section keeps its markup). */
  text: string;
  /** The heading's id on the page (an HTML `id`, a Markdown `{#id}` or its GitHub-style slug). */
  anchor?: string;
  /** Where the section (its heading included) starts and ends in the body. */
  start: number;
  end: number;
}

/** The page's sections, in page order, numbered from 1; never none. */
export function pageSections(page: Page, options: PageSectionOptions = {}): PageSection[] {
  const format = page.format ?? "plain";
  const maxLevel = options.maxLevel ?? 6;
  const maxSections = Math.max(1, options.maxSections ?? Number.MAX_SAFE_INTEGER);
  const { body } = page;
  const bodyStart = format === "markdown" ? frontMatterEnd(body) : 0;
  const marks = headingMarks(page, format, bodyStart).filter(
    (mark) => mark.level <= maxLevel && mark.start >= bodyStart,
  );
  const parts: Array<{ heading: string; contentStart: number; start: number; anchor?: string }> =
    [];
  const firstStart = marks[0]?.start ?? body.length;
  // Text before the first heading is a section under the page's title; a page with no heading
  // is that one section, even when empty (a page is never a document without sections).
  if (marks.length === 0 || body.slice(bodyStart, firstStart).trim() !== "") {
    parts.push({ heading: page.title, contentStart: bodyStart, start: bodyStart });
  }
  const slugs = new Map<string, number>();
  for (const mark of marks) {
    const anchor =
      mark.id ?? (format === "markdown" ? uniqueSlug(githubSlug(mark.text), slugs) : undefined);
    parts.push({
      heading: mark.text,
      contentStart: mark.contentStart,
      start: mark.start,
      ...(anchor === undefined || anchor === "" ? {} : { anchor }),
    });
  }
  const kept = parts.slice(0, maxSections);
  return kept.map((part, index) => {
    const end = kept[index + 1]?.start ?? body.length;
    return {
      section: String(index + 1),
      heading: part.heading,
      text: body.slice(part.contentStart, end).trim(),
      ...(part.anchor === undefined ? {} : { anchor: part.anchor }),
      start: part.start,
      end,
    };
  });
}

function headingMarks(page: Page, format: PageFormat, bodyStart: number): HeadingMark[] {
  switch (format) {
    case "markdown":
      return markdownHeadings(page.body.slice(bodyStart)).map((mark) => ({
        ...mark,
        start: mark.start + bodyStart,
        contentStart: mark.contentStart + bodyStart,
      }));
    case "html":
      return htmlHeadings(page.body);
    default:
      return listedHeadings(page.body, page.headings ?? []);
  }
}

/** Where YAML front matter (`---` … `---` or `...` at the top) ends; 0 when there is none. */
function frontMatterEnd(body: string): number {
  const open = /^---[ \t]*\r?\n/.exec(body);
  if (open === null) return 0;
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
  close.lastIndex = 0;
  const rest = body.slice(open[0].length);
  const match = close.exec(rest);
  return match === null ? 0 : open[0].length + match.index + match[0].length;
}

/**
 * GitHub's heading anchor (what most Markdown renderers write too): lower case, letters, digits,
 * `-` and `_` kept, each space a `-`, everything else dropped.
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** A repeated slug gets `-1`, `-2`, … as GitHub numbers them. */
function uniqueSlug(slug: string, seen: Map<string, number>): string {
  const count = seen.get(slug);
  seen.set(slug, (count ?? 0) + 1);
  return count === undefined ? slug : `${slug}-${count}`;
}
