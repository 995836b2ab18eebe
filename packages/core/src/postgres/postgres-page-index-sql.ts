import { ConfigurationError } from "../errors/configuration-error.js";
import { type PostgresLayoutOptions, resolvePostgresLayout } from "./postgres-layout.js";
import { pageVectorSql } from "./postgres-page-layout.js";

/**
 * The GIN index a page table's search uses (with `pageColumns.searchVector`, first the stored
 * generated column it indexes) (`rows: "pages"`): an expression index on exactly the
 * weighted vector the search filters on (title A, body C), so an app's own table needs no new
 * column. Idempotent; run it as the table's owner. For a view, index the table under it (the
 * expression over the table's own columns).
 */
export function postgresPageIndexSql(options: PostgresLayoutOptions): string {
  const layout = resolvePostgresLayout({ rows: "pages", ...options });
  if (layout.page === undefined) {
    throw new ConfigurationError({
      option: "rows",
      message: 'postgresPageIndexSql is for rows: "pages".',
    });
  }
  const stored = layout.page.columns.searchVector;
  // Named for what it covers: the expression index and a stored column's index can coexist.
  const covered = stored === null ? "search" : stored.slice(1, -1);
  const indexName = `"${`${layout.tableName.split(".").at(-1)}_${covered}_idx`.slice(0, 63)}"`;
  const indexed = stored ?? pageVectorSql(layout.page, layout.language);
  const column =
    stored === null
      ? ""
      : `alter table ${layout.table} add column if not exists ${stored} tsvector generated always as ${pageVectorSql(layout.page, layout.language)} stored;
`;
  return `${column}create index if not exists ${indexName} on ${layout.table} using gin (${indexed});
`;
}
