import { type PostgresLayoutOptions, resolvePostgresLayout } from "../postgres/postgres-layout.js";
import type { LayoutFinding, LayoutInspector } from "./layout-inspector.js";

interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on(event: "error", listener: () => void): unknown;
  end(): Promise<void>;
}

/** The columns the backend's queries name (DESIGN.md section 2, "Records"), as the layout names them. */
function neededColumns(layout: ReturnType<typeof resolvePostgresLayout>): string[] {
  const quoted =
    layout.page === undefined ? Object.values(layout.columns) : Object.values(layout.page.columns);
  return quoted.flatMap((name) => (name === null ? [] : [name.slice(1, -1)]));
}

/**
 * PostgreSQL's layout: the table or view exists (to_regclass follows the search_path, as the
 * backend's queries do), has every column the backend reads, and holds rows for the
 * collection_id: an area's collection_id with no rows reads as "nothing matched" in a search,
 * so only here can check tell a missing collection from an empty answer.
 */
export async function postgresColumnsInspector(target: {
  connectionString: string;
  table: string;
  /** A page table's layout (`SEARCH_DOCS_POSTGRES_ROWS=pages`); default the sections layout. */
  layout?: PostgresLayoutOptions;
}): Promise<LayoutInspector> {
  const layout = resolvePostgresLayout({ table: target.table, ...target.layout });
  const needed = neededColumns(layout);
  const pages = layout.page !== undefined;
  const renameFix = pages
    ? "or name the table's own columns in SEARCH_DOCS_POSTGRES_PAGE_COLUMNS"
    : "or set SEARCH_DOCS_POSTGRES_TABLE to a view that has them";
  const pg = (await import("pg")) as unknown as {
    default: { Pool: new (options: { connectionString: string; max: number }) => PgPool };
  };
  const pool = new pg.default.Pool({ connectionString: target.connectionString, max: 1 });
  // A stopped server emits 'error' on idle clients; unheard, it would crash the process.
  pool.on("error", () => {});
  const table = target.table;
  return {
    async inspect(collectionId): Promise<LayoutFinding> {
      const { rows } = await pool.query(
        "select attname from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped",
        [table],
      );
      if (rows.length === 0) {
        return {
          state: "fail",
          collectionMissing: true,
          detail: `no table or view ${table} (or the role may not see it)`,
          fix: `create ${table} (postgresSchemaSql() in @search-docs/core/postgres), or set SEARCH_DOCS_POSTGRES_TABLE to the table that holds the sections`,
        };
      }
      const present = new Set(rows.map((row) => String(row.attname)));
      const missing = needed.filter((column) => !present.has(column));
      if (missing.length > 0) {
        return {
          state: "fail",
          detail: `${table} lacks the column(s) ${missing.join(", ")}`,
          fix: `add ${missing.join(", ")} to ${table} (${pages ? "the page columns" : "the layout postgresSchemaSql() creates"}), ${renameFix}`,
        };
      }
      const sample = await pool.query(
        `select ${layout.source.title}::text as title from ${layout.table} as section_row where ${layout.source.collectionId} = $1 limit 1`,
        [collectionId],
      );
      const title = sample.rows[0]?.title;
      if (title === undefined) {
        return {
          state: "fail",
          collectionMissing: true,
          detail: `no rows in ${table} ${collectionNamed(layout)} ${collectionId}`,
          fix: pages
            ? `map the area to a collection the table holds in SEARCH_DOCS_AREAS${layout.page?.collectionLiteral === null ? "" : ` (every row of ${table} is in ${layout.page?.collectionLiteral?.slice(0, -6)}; SEARCH_DOCS_POSTGRES_COLLECTION renames it)`}`
            : `load sections with collection_id ${collectionId} (loadSections), or fix SEARCH_DOCS_AREAS`,
        };
      }
      return {
        state: "pass",
        detail: `${table} has ${needed.join(", ")}`,
        ...(typeof title === "string" && title.trim() !== "" ? { sampleTitle: title } : {}),
      };
    },
    documentFix: () =>
      pages
        ? `give every page of ${table} a unique ${needed[0]} (get_document reads a page by it)`
        : `give every row of ${table} its document_id and a 1-based section (get_document reads a document's rows in order)`,
    close: () => pool.end(),
  };
}

/** How the layout names an area's collection in a detail line. */
function collectionNamed(layout: ReturnType<typeof resolvePostgresLayout>): string {
  if (layout.page === undefined) return "with collection_id =";
  const column = layout.page.columns.collectionId;
  return column === null ? "in the collection" : `with ${column.slice(1, -1)} =`;
}
