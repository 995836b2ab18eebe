import { fieldValue, position, type RawRecord, type RecordLayout, text } from "./read-record.js";
import type { DocSearchFields } from "./record-fields.js";

// What Algolia DocSearch, Typesense's DocSearch fork and Meilisearch's docs-scraper write: one
// record per block of a page, `hierarchy.lvl0…lvl6` (docs-scraper: `hierarchy_lvl0…`),
// `content`, `url`, `anchor`, `url_without_anchor`. A record is a section; the page (the URL
// without its anchor) is the document; the anchor names the section; the URL's path is the slug.

const levels = [0, 1, 2, 3, 4, 5, 6] as const;

/** The page a DocSearch URL names: the URL without its fragment. */
/** An absolute http(s) address, or undefined: a record's `url` becomes the app's link to it. */
function webAddress(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value) ? value : undefined;
}

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

export function docSearchLayout(fields: DocSearchFields): RecordLayout {
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
      // The record's page at its heading (`url` carries the anchor), the app's link for the ref.
      const url = webAddress(text(fieldValue(record, fields.url)));
      return {
        documentId,
        title,
        snippet: passage !== "" ? passage : (text(fieldValue(record, fields.content)) ?? ""),
        score,
        section: sectionOf(record),
        ...(url === undefined ? {} : { url }),
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
      type Section = { section: string; heading: string; parts: string[]; url?: string };
      const sections: Section[] = [];
      const bySection = new Map<string, Section>();
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
        section.url ??= webAddress(text(fieldValue(record, fields.url)));
        const content = text(fieldValue(record, fields.content));
        if (content !== undefined) section.parts.push(content);
      }
      if (title === undefined) return `the document has no ${fields.hierarchyPrefix}lvl1`;
      const slug = documentId === undefined ? undefined : slugOf(documentId);
      const url = webAddress(documentId);
      return {
        title,
        ...(slug === undefined ? {} : { slug }),
        ...(updated === undefined ? {} : { updated }),
        ...(url === undefined ? {} : { url }),
        sections: sections.map(({ section, heading, parts, url: sectionUrl }) => ({
          section,
          heading,
          text: parts.join("\n\n"),
          ...(sectionUrl === undefined ? {} : { url: sectionUrl }),
        })),
      };
    },
  };
}
