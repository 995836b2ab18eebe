import type { HostedRecord } from "./fake-hosted-engine.js";

// The contract's corpus as the hosted engines' records, for the fakes: DocSearch records (one per
// section, the page's URL the document) in each engine's spelling, or DESIGN section 2 records.

/** How a DocSearch writer spells the hierarchy: Algolia nests it, Typesense's fork flattens it to
 *  `hierarchy.lvl0` keys, Meilisearch's docs-scraper to `hierarchy_lvl0` (and `position`). */
export type HierarchyStyle = "nested" | "dotted" | "underscored";

/** A document to turn into records: the shape of core's `contractDocuments()`, read structurally. */
export interface SourceDocument {
  key: string;
  title: string;
  slug: string;
  /** `YYYY-MM-DD`. */
  updated: string;
  sections: readonly { heading: string; body: string }[];
}

export const contractSiteOrigin = "https://docs.test";

export function contractPageUrl(document: SourceDocument): string {
  return `${contractSiteOrigin}/${document.slug}`;
}

/** The backend's documentId of each contract document: its page URL. */
export function contractPageIds(documents: readonly SourceDocument[]): Record<string, string> {
  return Object.fromEntries(documents.map((document) => [document.key, contractPageUrl(document)]));
}

function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function docSearchRecordsOf<Document extends SourceDocument>(
  documents: readonly Document[],
  style: HierarchyStyle,
  extra: (document: Document) => Record<string, unknown> = () => ({}),
): HostedRecord[] {
  return documents.flatMap((document) => {
    const page = contractPageUrl(document);
    const anchors = new Set<string>();
    return document.sections.map((section, position) => {
      let anchor = anchorOf(section.heading) || `section-${position + 1}`;
      if (anchors.has(anchor)) anchor = `${anchor}-${position + 1}`;
      anchors.add(anchor);
      const levels: Record<string, string | null> = {
        lvl0: "Handbook",
        lvl1: document.title,
        lvl2: section.heading,
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      };
      const hierarchy =
        style === "nested"
          ? { hierarchy: levels }
          : Object.fromEntries(
              Object.entries(levels)
                .filter(([, value]) => style === "underscored" || value !== null)
                // docs-scraper writes a missing level as the text "null".
                .map(([level, value]) => [
                  style === "dotted" ? `hierarchy.${level}` : `hierarchy_${level}`,
                  value ?? "null",
                ]),
            );
      const weight =
        style === "underscored"
          ? { position, level: 0, page_rank: 0 }
          : style === "dotted"
            ? { "weight.position": position }
            : { weight: { position, level: 0, page_rank: 0 } };
      return {
        objectID: `${document.key}-${position + 1}`,
        url: `${page}#${anchor}`,
        url_without_anchor: page,
        anchor,
        content: section.body,
        type: "content",
        ...hierarchy,
        ...weight,
        updated_at: document.updated,
        ...extra(document),
      };
    });
  });
}

export function sectionRecordsOf<Document extends SourceDocument>(
  documents: readonly Document[],
  extra: (document: Document) => Record<string, unknown> = () => ({}),
): HostedRecord[] {
  return documents.flatMap((document) =>
    document.sections.map((section, position) => ({
      id: `${document.key}-${position + 1}`,
      objectID: `${document.key}-${position + 1}`,
      document_id: document.key,
      section: position + 1,
      title: document.title,
      heading: section.heading,
      body: section.body,
      slug: document.slug,
      updated_at: document.updated,
      ...extra(document),
    })),
  );
}
