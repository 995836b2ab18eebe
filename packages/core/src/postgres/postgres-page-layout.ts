import type { PageFormat } from "../backend-kit/page-sections.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import type { PostgresRowSource } from "./postgres-row-source.js";
import { quoteIdentifier } from "./quote-identifier.js";

/**
 * The columns of a table of whole pages (`rows: "pages"`, DESIGN.md section 2, Records), as an
 * app already keeps them: `pages(id, title, body, url, updated_at)`. `null` says the table has no
 * such column. The backend derives each page's sections from its body's Markdown headings.
 */
export interface PostgresPageColumns {
  /** Identifies a page within its collection (a primary key or unique index: a hit reads its page by it). */
  documentId: string;
  title: string;
  /** The page's Markdown (or plain text: one section). */
  body: string;
  /** The page's own http(s) address: links go there, with the section's anchor. */
  url: string | null;
  updatedAt: string | null;
  /** A short name for refs; without one, refs are the title in kebab case. */
  slug: string | null;
  /** The area's collection id; `null`: every row is in the one collection `collectionId` names. */
  collectionId: string | null;
  /**
   * A stored tsvector column of the page (`postgresPageVectorSql` gives its generated
   * expression); `null`: the search computes the vector from title and body, served by an
   * expression index. A stored one costs a column and saves recomputing each matched page's
   * vector on every search (measured in docs/postgres.md).
   */
  searchVector: string | null;
}

export const defaultPostgresPageColumns: Readonly<PostgresPageColumns> = Object.freeze({
  documentId: "id",
  title: "title",
  body: "body",
  url: "url",
  updatedAt: "updated_at",
  slug: null,
  collectionId: null,
  searchVector: null,
});

/** A page table's columns and its one collection, checked and quoted. */
export interface PostgresPageLayout {
  columns: Readonly<Record<keyof PostgresPageColumns, string | null>>;
  /** The collection every row is in when there is no collection column (a SQL literal). */
  collectionLiteral: string | null;
  /** How the body is written: where its headings are. */
  format: PageFormat;
}

/** A page table's options (`rows: "pages"`), as the backend's options name them. */
export interface PostgresPageOptions {
  pageColumns?: Partial<Record<keyof PostgresPageColumns, string | null>> | undefined;
  collectionId?: string | undefined;
  /** `markdown` (default): sections at its headings, outside code fences; `html`: at h1–h6; `plain`: one section. */
  pageFormat?: PageFormat | undefined;
}

const formats: readonly PageFormat[] = ["markdown", "html", "plain"];

const optional = new Set<keyof PostgresPageColumns>([
  "url",
  "updatedAt",
  "slug",
  "collectionId",
  "searchVector",
]);

/** The page columns with the app's names over the defaults; a bad name is a ConfigurationError. */
export function resolvePostgresPageLayout(
  { pageColumns, collectionId, pageFormat }: PostgresPageOptions,
  tableName: string,
): PostgresPageLayout {
  const format = pageFormat ?? "markdown";
  if (!formats.includes(format)) {
    throw new ConfigurationError({
      option: "pageFormat",
      message: `pageFormat must be ${formats.map((name) => JSON.stringify(name)).join(", ")}.`,
    });
  }
  const columns: Record<string, string | null> = { ...defaultPostgresPageColumns };
  for (const [key, name] of Object.entries(pageColumns ?? {})) {
    if (!Object.hasOwn(defaultPostgresPageColumns, key)) {
      throw new ConfigurationError({
        option: "pageColumns",
        message: `pageColumns.${key} is not a column of a page table; they are ${Object.keys(defaultPostgresPageColumns).join(", ")}.`,
      });
    }
    if (name === undefined) continue;
    if (name === null && !optional.has(key as keyof PostgresPageColumns)) {
      throw new ConfigurationError({
        option: "pageColumns",
        message: `pageColumns.${key} is required: a page table needs an id, a title and a body.`,
      });
    }
    columns[key] = name;
  }
  const quoted = Object.fromEntries(
    Object.entries(columns).map(([key, name]) => {
      if (name === null) return [key, null];
      // Columns are never schema-qualified.
      if (typeof name === "string" && name.includes(".")) quoteIdentifier("", `pageColumns.${key}`);
      return [key, quoteIdentifier(name, `pageColumns.${key}`)];
    }),
  ) as PostgresPageLayout["columns"];
  if (quoted.collectionId !== null) {
    if (collectionId !== undefined) {
      throw new ConfigurationError({
        option: "collectionId",
        message:
          "collectionId names the one collection of a table without a collection column; pageColumns.collectionId names that column: give one of them.",
      });
    }
    return { columns: Object.freeze(quoted), collectionLiteral: null, format };
  }
  const constant = collectionId ?? tableName;
  if (typeof constant !== "string" || constant === "" || constant.length > 200) {
    throw new ConfigurationError({
      option: "collectionId",
      message:
        "collectionId must be a non-empty string of at most 200 characters (the value areas map to).",
    });
  }
  return {
    columns: Object.freeze(quoted),
    collectionLiteral: `'${constant.replaceAll("'", "''")}'::text`,
    format,
  };
}

/**
 * The page's weighted search vector (title A, body C) as SQL over `row` (the statement's alias,
 * or nothing in the index DDL): the search's filter is this expression, so PostgreSQL uses an
 * expression GIN index only when it is created with exactly this (`postgresPageIndexSql`). The
 * language is written in as a literal (it is checked to be a plain name): an index expression
 * never matches a parameter under a generic plan (a pooler's prepared statements).
 */
export function pageVectorSql(page: PostgresPageLayout, language: string, row = ""): string {
  const config = `'${language}'::regconfig`;
  const part = (column: string | null, weight: string) =>
    `setweight(to_tsvector(${config}, coalesce(${row}${column}, '')), '${weight}')`;
  return `(${part(page.columns.title, "A")} || ${part(page.columns.body, "C")})`;
}

/** A page table's rows: one per page, section 1 and no heading until the body is split. */
export function pageRowSource(
  table: string,
  page: PostgresPageLayout,
  language: string,
): PostgresRowSource {
  const c = page.columns;
  const column = (name: string | null, otherwise: string) =>
    name === null ? otherwise : `section_row.${name}`;
  return {
    table,
    collectionId: column(c.collectionId, page.collectionLiteral ?? "null::text"),
    documentId: column(c.documentId, "null::text"),
    section: "1",
    title: column(c.title, "''"),
    heading: "''::text",
    passage: "null::text",
    body: column(c.body, "''"),
    slug: column(c.slug, "null::text"),
    updatedAt: column(c.updatedAt, "null::timestamptz"),
    vector:
      c.searchVector === null
        ? pageVectorSql(page, language, "section_row.")
        : `section_row.${c.searchVector}`,
  };
}
