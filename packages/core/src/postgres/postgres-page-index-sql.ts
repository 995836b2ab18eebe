import { ConfigurationError } from "../errors/configuration-error.js";
import { type PostgresLayoutOptions, resolvePostgresLayout } from "./postgres-layout.js";
import { pageVectorSql } from "./postgres-page-layout.js";

/**
 * The GIN index a page table's search uses (`rows: "pages"`): an expression index on exactly the
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
  const indexName = `"${`${layout.tableName.split(".").at(-1)}_search_idx`.slice(0, 63)}"`;
  return `create index if not exists ${indexName} on ${layout.table} using gin (${pageVectorSql(layout.page, layout.language)});
`;
}
