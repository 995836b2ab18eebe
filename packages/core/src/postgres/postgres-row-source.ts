import type { PostgresColumns } from "./postgres-layout.js";

/**
 * Where the search statement reads its rows, and each value it needs as SQL over the alias
 * `section_row`: a column of the default layout, or an expression over an app's own table (a
 * page's search vector is computed from its title and body, its section is derived later). The
 * ranking (postgres-queries.ts) reads rows only through this, so it ranks either layout alike.
 */
export interface PostgresRowSource {
  /** The FROM item, quoted (`"docs"."pages"`); the statement aliases it `section_row`. */
  table: string;
  collectionId: string;
  documentId: string;
  section: string;
  title: string;
  heading: string;
  /** The text a passage is cut from, carried by every matched row (pages: none, read by id later). */
  passage: string;
  /** The whole text, for a row's length in BM25. */
  body: string;
  slug: string;
  updatedAt: string;
  /** A weighted tsvector; the filter on it must be what the GIN index covers. */
  vector: string;
}

// Characters of a section's body a hit carries for its passage (cut in the backend, as the folder
// cuts its own): bounded, so a page stays small whatever the rows hold.
export const headlineChars = 8000;

/** The default layout's rows: every value a column (quoted). */
export function sectionRowSource(table: string, c: Readonly<PostgresColumns>): PostgresRowSource {
  const column = (name: string) => `section_row.${name}`;
  return {
    table,
    collectionId: column(c.collectionId),
    documentId: column(c.documentId),
    section: column(c.section),
    title: column(c.title),
    heading: column(c.heading),
    passage: `left(${column(c.body)}::text, ${headlineChars})`,
    body: column(c.body),
    slug: column(c.slug),
    updatedAt: column(c.updatedAt),
    vector: column(c.searchVector),
  };
}
