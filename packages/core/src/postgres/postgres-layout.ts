import type { PageFormat } from "../backend-kit/page-sections.js";
import { defaultSectionFields, type SectionFields } from "../backend-kit/record-layout.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import {
  type PostgresPageColumns,
  type PostgresPageLayout,
  pageRowSource,
  resolvePostgresPageLayout,
} from "./postgres-page-layout.js";
import { type PostgresRowSource, sectionRowSource } from "./postgres-row-source.js";
import { quoteIdentifier } from "./quote-identifier.js";

/**
 * Column names of a table laid out otherwise than the default (DESIGN.md section 2, Records): the
 * backend kit's section fields, one column each, plus the area and the search vector.
 */
export interface PostgresColumns extends SectionFields {
  /** The area's collection id; `areas` maps area names to its values. */
  collectionId: string;
  /** The weighted tsvector (title A, heading B, body C) the GIN index covers. */
  searchVector: string;
}

export const defaultPostgresColumns: Readonly<PostgresColumns> = Object.freeze({
  collectionId: "collection_id",
  ...defaultSectionFields,
  searchVector: "search_vector",
});

export const defaultPostgresTable = "search_docs_sections";
export const defaultPostgresLanguage = "english";

export interface PostgresLayoutOptions {
  /** Default `search_docs_sections`; `schema.table` works too. */
  table?: string;
  /** The text search configuration (`english`, `simple`, `german`, ...). Default `english`. */
  language?: string;
  /** Column names, for a table laid out otherwise. */
  columns?: Partial<PostgresColumns>;
  /**
   * `sections` (default): one row per section (`columns`). `pages`: one row per page, as an app
   * keeps them (`pageColumns`); each page's sections come from its Markdown headings.
   */
  rows?: "sections" | "pages";
  /** A page table's column names (`rows: "pages"`); `null` for one it does not have. */
  pageColumns?: Partial<Record<keyof PostgresPageColumns, string | null>>;
  /** `rows: "pages"` without a collection column: the collection id of every row (default: `table`). */
  collectionId?: string;
  /** `rows: "pages"`: how bodies are written, `markdown` (default), `html` or `plain`. */
  pageFormat?: PageFormat;
}

/** The table and column names, each checked and quoted once, and the language. */
export interface PostgresLayout {
  table: string;
  /** The table's name as given (for traces). */
  tableName: string;
  columns: Readonly<PostgresColumns>;
  language: string;
  rows: "sections" | "pages";
  /** What the search statement reads each value from. */
  source: PostgresRowSource;
  /** The page table's columns, with `rows: "pages"`. */
  page?: PostgresPageLayout;
}

// A text search configuration's name: it is bound as a parameter in queries, and written into
// the DDL as a literal, so only plain names are accepted.
const languagePattern = /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;

/** Checks the layout options; bad names are a ConfigurationError naming the option. */
export function resolvePostgresLayout(options: PostgresLayoutOptions = {}): PostgresLayout {
  const tableName = options.table ?? defaultPostgresTable;
  const table = quoteIdentifier(tableName, "table");
  const language = options.language ?? defaultPostgresLanguage;
  if (typeof language !== "string" || !languagePattern.test(language)) {
    throw new ConfigurationError({
      option: "language",
      message: `language must name a text search configuration (english, simple, ...); got ${JSON.stringify(String(language)).slice(0, 80)}.`,
    });
  }
  const columns = { ...defaultPostgresColumns } as PostgresColumns;
  for (const [key, name] of Object.entries(options.columns ?? {})) {
    if (!Object.hasOwn(defaultPostgresColumns, key)) {
      throw new ConfigurationError({
        option: "columns",
        message: `columns.${key} is not a column of the layout; they are ${Object.keys(defaultPostgresColumns).join(", ")}.`,
      });
    }
    if (name === undefined) continue;
    columns[key as keyof PostgresColumns] = name;
  }
  const quoted = Object.fromEntries(
    Object.entries(columns).map(([key, name]) => {
      // Columns are never schema-qualified.
      if (typeof name === "string" && name.includes(".")) quoteIdentifier("", `columns.${key}`);
      return [key, quoteIdentifier(name, `columns.${key}`)];
    }),
  ) as unknown as PostgresColumns;
  const rows = options.rows ?? "sections";
  if (rows === "pages") {
    if (options.columns !== undefined) {
      throw new ConfigurationError({
        option: "columns",
        message: 'columns name a sections table; with rows: "pages" the columns are pageColumns.',
      });
    }
    const page = resolvePostgresPageLayout(options, tableName);
    const source = pageRowSource(table, page, language);
    return { table, tableName, columns: Object.freeze(quoted), language, rows, source, page };
  }
  if (rows !== "sections") {
    throw new ConfigurationError({
      option: "rows",
      message: 'rows must be "sections" or "pages".',
    });
  }
  // Options of the other layout would be ignored silently: say so instead.
  for (const option of ["pageColumns", "collectionId", "pageFormat"] as const) {
    if (options[option] !== undefined) {
      throw new ConfigurationError({ option, message: `${option} applies to rows: "pages".` });
    }
  }
  const source = sectionRowSource(table, quoted);
  return { table, tableName, columns: Object.freeze(quoted), language, rows, source };
}
