import { type PostgresLayoutOptions, resolvePostgresLayout } from "./postgres-layout.js";

/**
 * The DDL of the default layout (DESIGN.md section 2, Records): one row per section, a generated
 * tsvector weighted title (A) above heading (B) above body (C) and its GIN index, and the primary
 * key (collection_id, document_id, section), whose btree serves `getDocument` and the area filter.
 * Idempotent (`if not exists`). Run it as the table's owner; grant the app's role SELECT.
 */
export function postgresSchemaSql(options: PostgresLayoutOptions = {}): string {
  const { table, tableName, columns, language } = resolvePostgresLayout(options);
  const config = `'${language}'::regconfig`;
  const indexName = `"${`${tableName.split(".").at(-1)}_${unquote(columns.searchVector)}_idx`.slice(0, 63)}"`;
  const vector = (column: string, weight: string) =>
    `setweight(to_tsvector(${config}, coalesce(${column}, '')), '${weight}')`;
  return `create table if not exists ${table} (
  ${columns.collectionId} text not null,
  ${columns.documentId} text not null,
  ${columns.section} integer not null check (${columns.section} >= 1),
  ${columns.title} text not null,
  ${columns.heading} text not null default '',
  ${columns.body} text not null default '',
  ${columns.slug} text,
  ${columns.updatedAt} timestamptz,
  ${columns.searchVector} tsvector generated always as (
    ${vector(columns.title, "A")} ||
    ${vector(columns.heading, "B")} ||
    ${vector(columns.body, "C")}
  ) stored,
  primary key (${columns.collectionId}, ${columns.documentId}, ${columns.section})
);
create index if not exists ${indexName} on ${table} using gin (${columns.searchVector});
`;
}

const unquote = (quoted: string) => quoted.slice(1, -1);
