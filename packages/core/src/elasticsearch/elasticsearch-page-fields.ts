// The field names of a page-level index (one record per page; DESIGN.md section 2, "Records"),
// with the two crawlers' documents as presets. A field a record does not hold is read as absent:
// a page without `headings` is split at its body's own headings or is one section; without `url`
// it is linked under `portalUrl`; without a date it has none.

/** Page records' field names. */
export interface ElasticsearchPageFields {
  /**
   * The page's id: `_id` (the default) reads the document's own id and get_document looks it up
   * with an `ids` query, whatever the mapping; any other field must be a `keyword` (a `term` query).
   */
  documentId: string;
  title: string;
  /** The page's text: plain, Markdown or HTML, as `pageFormat` says. */
  body: string;
  /** The page's headings in order (a list of strings), for a plain-text body. */
  headings: string;
  /** The page's address: with each section's anchor, the ref's link. */
  url: string;
  /** A date field: `updated`, and what `prefer: "recent"` decays on. */
  updatedAt: string;
}

export const defaultElasticsearchPageFields: Readonly<ElasticsearchPageFields> = Object.freeze({
  documentId: "_id",
  title: "title",
  body: "body",
  headings: "headings",
  url: "url",
  updatedAt: "updated_at",
});

/**
 * The Elastic web crawler's documents (Enterprise Search and Elastic Cloud's crawler, "Web crawler
 * schema": `id`, which is also the `_id`, `title`, `body_content` with the HTML tags removed,
 * `headings` with the h1–h6 texts, `url`, `last_crawled_at`). Use with `records: "pages"`.
 */
export const elasticCrawlerFields: Readonly<ElasticsearchPageFields> = Object.freeze({
  documentId: "_id",
  title: "title",
  body: "body_content",
  headings: "headings",
  url: "url",
  updatedAt: "last_crawled_at",
});

/**
 * Elastic Open Crawler's documents (github.com/elastic/crawler, docs/DOCUMENT_SCHEMA.md): as the
 * web crawler's, the body in `body` (Markdown when `markdown_reformatting_enabled`: then set
 * `pageFormat: "markdown"`).
 */
export const openCrawlerFields: Readonly<ElasticsearchPageFields> = Object.freeze({
  ...elasticCrawlerFields,
  body: "body",
});
