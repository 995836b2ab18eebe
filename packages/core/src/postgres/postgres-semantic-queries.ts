import type { PostgresLayout } from "./postgres-layout.js";
import { recency } from "./postgres-queries.js";
import { hitSelect } from "./postgres-row-selects.js";
import type { PostgresSemantic } from "./postgres-semantic.js";

/** Reciprocal rank fusion's constant, as Cormack, Clarke and Büttcher (2009) and Elasticsearch's `rrf` retriever set it. */
export const rrfRankConstant = 60;

/**
 * The least depth each side's ranking is cut at (the page's end when deeper). A fused rank
 * depends on where the sides are cut: cut at each page's own end, a section moves between pages
 * and a walk repeats it (the backend contract's paging check did, on page 3). One depth for
 * every page of a walk (core reads at most 6 pages of 20) keeps the order, as Elasticsearch's
 * `rank_window_size` does. With an HNSW index a side holds at most `hnsw.ef_search` rows (40 by
 * default): raise it to this to fuse this deep.
 */
export const rankWindow = 200;

/** The semantic search statements: every value a parameter, only names written in. */
export interface PostgresSemanticQueries {
  /**
   * Nearest sections by the vector alone: $1 collection id, $2 the query vector (`[1,2,3]`),
   * $3 limit (page size + 1), $4 offset, $5 prefer recent.
   */
  vector: string;
  /**
   * The full-text statement's $1-$8 (postgres-queries.ts), then $9 the query vector: reciprocal
   * rank fusion of the two rankings, each cut at `rankWindow` or the page's end ($6 + $7).
   */
  hybrid: string;
}

/**
 * The statements for a semantic stage. Both read only the request's collection (`$n`, as the
 * full-text statement does), so row-level security and collection scoping apply to the vector
 * side exactly as to the words; rows without an embedding are never candidates. Each side is an
 * `ORDER BY column <op> vector LIMIT n`, the shape pgvector's HNSW and IVFFlat indexes serve.
 */
export function postgresSemanticQueries(
  layout: PostgresLayout,
  semantic: PostgresSemantic,
  lexical: string,
): PostgresSemanticQueries {
  const { source: row } = layout;
  const embedding = `section_row.${semantic.column}`;
  // pgvector checks a vector's length only when it compares two: a collection with no rows would
  // answer a query vector of the wrong length with no rows (no_match). The query vector is first
  // compared with a zero vector of the column's declared length (vector(n): atttypmod n), which
  // raises pgvector's 22000 when they differ; it runs once, before the scan (a one-time filter).
  const table = row.table.replaceAll("'", "''");
  const checked = (vector: string) => `dimensions_checked as (
  select (${vector}::vector <-> array_fill(0::real, array[attribute.atttypmod])::vector) as distance
  from pg_attribute as attribute
  where attribute.attrelid = to_regclass('${table}') and attribute.attname = '${semantic.columnName}'
    and attribute.atttypmod > 0
)`;
  const nearest = (
    collection: string,
    vector: string,
    window: string,
  ) => `${checked(vector)}, nearest_rows as materialized (
  select ${row.documentId} as document_id, ${row.section}::integer as section,
    ${row.title}::text as title, ${row.heading}::text as heading,
    ${row.slug}::text as slug, ${row.updatedAt}::timestamptz as updated_at,
    ${row.passage} as body, (${embedding} ${semantic.operator} ${vector}::vector)::double precision as distance
  from ${row.table} as section_row
  where ${row.collectionId} = ${collection} and ${embedding} is not null
    and (select count(dimensions_checked.distance) from dimensions_checked) >= 0
  order by ${embedding} ${semantic.operator} ${vector}::vector
  limit ${window}
), nearest as (
  select nearest_rows.*, row_number() over (order by nearest_rows.distance, nearest_rows.document_id, nearest_rows.section) as rank
  from nearest_rows
)`;
  const vector = `with ${nearest("$1", "$2", `greatest(${rankWindow}, $3::bigint + $4::bigint)`)}, ranked as (
  select nearest.document_id, nearest.section, nearest.title, nearest.heading, nearest.slug,
    nearest.updated_at, nearest.body,
    (case when $5::boolean
      then 0.5 * ${semantic.score("nearest.distance")} + 0.5 * ${recency("nearest.updated_at")}
      else ${semantic.score("nearest.distance")} end)::double precision as score
  from nearest
  order by score desc, document_id, section
  limit $3 offset $4
)
${hitSelect(layout, "")}`;
  const k = rrfRankConstant;
  const either = (field: string) => `coalesce(lexical_ranked.${field}, nearest.${field})`;
  // A section's fused score is 1/(k + its rank) on each side whose cut it is within.
  const hybrid = `with ${lexical}, lexical_ranked as (
  select scored.*, row_number() over (order by scored.relevance desc, scored.document_id, scored.section) as rank
  from scored
  order by rank
  limit greatest(${rankWindow}, $6::bigint + $7::bigint)
), ${nearest("$5", "$9", `greatest(${rankWindow}, $6::bigint + $7::bigint)`)}, fused as (
  select ${either("document_id")} as document_id, ${either("section")} as section,
    ${either("title")} as title, ${either("heading")} as heading, ${either("slug")} as slug,
    ${either("updated_at")} as updated_at, ${either("body")} as body,
    (coalesce(1.0 / (${k} + lexical_ranked.rank), 0) + coalesce(1.0 / (${k} + nearest.rank), 0))::double precision as fused
  from lexical_ranked full join nearest
    on nearest.document_id = lexical_ranked.document_id and nearest.section = lexical_ranked.section
), ranked as (
  select fused.*, (case when $8::boolean
      then 0.5 * (fused.fused * ${(k + 1) / 2}) + 0.5 * ${recency("fused.updated_at")}
      else fused.fused end)::double precision as score
  from fused
  order by score desc, document_id, section
  limit $6 offset $7
)
${hitSelect(layout, "")}`;
  return { vector, hybrid };
}
