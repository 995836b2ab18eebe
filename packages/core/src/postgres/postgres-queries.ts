import type { PostgresLayout } from "./postgres-layout.js";
import { type PostgresRankingOptions, resolvePostgresRanking } from "./postgres-ranking.js";
import { documentStatement, hitSelect } from "./postgres-row-selects.js";

/** How a search matches the user's words. */
export type PostgresMatch = "any" | "all";

/** The two statements an attempt runs: every value is a parameter, only names are written in. */
export interface PostgresQueries {
  /**
   * $1 language (regconfig), $2 the query as typed, $3 its words to look for, $4 its excluded
   * words ("" for none), $5 collection id, $6 limit (page size + 1), $7 offset, $8 prefer recent.
   */
  search: string;
  /**
   * The search's CTEs up to `scored` (each matched row and its BM25 `relevance`), over the same
   * $1-$5, for a statement that ranks on them too (the hybrid one).
   */
  lexical: string;
  /** $1 collection id, $2 document id, $3 limit (document sections + 1). */
  document: string;
}

// Recency in [0, 1): 1 today, 0.5 a month old, 0 with no date. `prefer: "recent"` ranks by half
// this and half the text rank, so the score stays the order (core merges collections by score).
export const recency = (column: string) =>
  `coalesce(1.0 / (1.0 + greatest(0, extract(epoch from (now() - ${column})) / 86400.0) / 30.0), 0)`;

// The statistics cost at most this many rows a word: a word in more rows than this counts as in
// this many (its IDF is near 0 either way). On a table of at least this many rows, N is the
// planner's row count (pg_class.reltuples, kept by ANALYZE and autovacuum) instead of a count of
// the table on every search; below it, or for a view, the table is counted.
const frequencyCap = 10000;

// A number written into the statement: the ranking is checked to be finite numbers up front.
const literal = (value: number) => `${value}::double precision`;

/**
 * The statements for a layout. `any` (the default) finds sections holding any of the words and
 * ranks those matching the query as typed (websearch_to_tsquery: every word, "quoted phrases",
 * `-excluded`) a little above the rest; `all` finds only those.
 *
 * The rank is BM25 (as SQLite FTS5's bm25() and Lucene compute it) from statistics the statement
 * gathers itself, so nothing has to be maintained beside the table. A word's document frequency
 * and N are the whole table's as the caller sees it (one GIN bitmap count per query word, and the
 * row count), not the collection's: core merges collections by score, and per-collection
 * statistics put each collection on its own scale (dev set, issue 31: MRR@8 0.790 -> 0.808), as
 * FTS5 counts over its whole index; under row-level security only the caller's rows count. A
 * section's length is its characters (title + heading + body; a tsvector holds no token count)
 * against the matched sections' average. A word's frequency is its positions weighted by where
 * they are (title A, heading B, body C). ts_rank knows no document frequency: "pod" counted as
 * much as "readinessprobe" (issue 31; measured in packages/core/docs/postgres.md).
 */
export function postgresQueries(
  layout: PostgresLayout,
  match: PostgresMatch,
  rankingOptions: PostgresRankingOptions = {},
): PostgresQueries {
  // Every value of a row as its layout says (a column, or an expression over a page table).
  const { source: row } = layout;
  const ranking = resolvePostgresRanking(rankingOptions);
  const { k1, b, weights } = ranking;
  // A lexeme as a tsquery operand: quoted, its backslashes and quotes escaped.
  const quotedLexeme = `'''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''''`;
  // The looser query: the lexemes of the included words, each quoted as a tsquery operand, ORed.
  const looseQuery = `coalesce((select string_agg(${quotedLexeme}, ' | ')
      from unnest(tsvector_to_array(to_tsvector($1::regconfig, $3))) as lexeme), '')::tsquery`;
  const filter =
    match === "all"
      ? `${row.vector} @@ input.strict_query`
      : `${row.vector} @@ input.loose_query and not (${row.vector} @@ input.excluded_query)`;
  const matchQuery = match === "all" ? "input.strict_query" : "input.loose_query";
  // A hit's weighted frequency from its positions' weights, in plain expressions (no subquery
  // per row); a stripped tsvector has no positions: one occurrence of weight D.
  const countOf = (weight: string) =>
    `cardinality(array_positions(term_hit.weights, '${weight}'::text))`;
  const frequency = `coalesce(${literal(weights.title)} * ${countOf("A")} + ${literal(weights.heading)} * ${countOf("B")} + ${literal(weights.body)} * ${countOf("C")} + ${literal(weights.other)} * ${countOf("D")}, ${literal(weights.other)})`;
  // Every CTE up to `scored` (each matched row's BM25 relevance): the hybrid statement ranks on them too.
  const lexical = `input as (
  select websearch_to_tsquery($1::regconfig, $2) as strict_query,
    ${looseQuery} as loose_query,
    websearch_to_tsquery($1::regconfig, $4) as excluded_query
), matched as materialized (
  select ${row.documentId} as document_id, ${row.section}::integer as section,
    ${row.title}::text as title, ${row.heading}::text as heading,
    ${row.slug}::text as slug, ${row.updatedAt}::timestamptz as updated_at,
    ${row.passage} as body,
    ${row.vector} as vector, greatest(coalesce(length(${row.title}::text), 0) + coalesce(length(${row.heading}::text), 0)
      + coalesce(length(${row.body}::text), 0), 1)::double precision as length,
    (${row.vector} @@ input.strict_query) as as_typed
  from ${row.table} as section_row, input
  where ${row.collectionId} = $5 and ${filter}
), hits as materialized (
  select matched.document_id, matched.section, term_hit.lexeme, ${frequency} as frequency
  from matched cross join lateral unnest(matched.vector) as term_hit(lexeme, positions, weights)
  where term_hit.lexeme = any (tsvector_to_array(to_tsvector($1::regconfig, $3)))
), terms as materialized (
  select lexeme, (select count(*) from (select 1 from ${row.table} as section_row
      where ${row.vector} @@ (${quotedLexeme})::tsquery limit ${frequencyCap}) as capped) as frequency
  from unnest(tsvector_to_array(to_tsvector($1::regconfig, $3))) as lexeme
), totals as (
  select coalesce((select greatest(class.reltuples, 0)::bigint from pg_class as class
      where class.oid = to_regclass('${row.table.replaceAll("'", "''")}') and class.reltuples >= ${frequencyCap}),
    (select count(*) from ${row.table})) as rows,
    (select avg(matched.length) from matched)::double precision as average_length
), weighed as (
  select terms.lexeme, ln(1 + (totals.rows - terms.frequency + 0.5) / (terms.frequency + 0.5))::double precision as idf
  from terms, totals
), bm25 as (
  select hits.document_id, hits.section, sum(weighed.idf * hits.frequency * ${literal(k1 + 1)}
      / (hits.frequency + ${literal(k1)} * (${literal(1 - b)} + ${literal(b)} * matched.length / totals.average_length))) as relevance
  from hits join weighed on weighed.lexeme = hits.lexeme
    join matched on matched.document_id = hits.document_id and matched.section = hits.section, totals
  group by hits.document_id, hits.section
), scored as (
  select matched.document_id, matched.section, matched.title, matched.heading, matched.slug,
    matched.updated_at, matched.body,
    ((case when matched.as_typed then ${literal(ranking.asTypedBoost)} else 1 end) * coalesce(bm25.relevance, 0))::double precision as relevance
  from matched left join bm25 on bm25.document_id = matched.document_id and bm25.section = matched.section
)`;
  const search = `with ${lexical}, ranked as (
  select scored.*, (case when $8::boolean
      then 0.5 * (scored.relevance / (scored.relevance + 1)) + 0.5 * ${recency("scored.updated_at")}
      else scored.relevance end)::double precision as score
  from scored
  order by score desc, document_id, section
  limit $6 offset $7
)
${hitSelect(layout, matchQuery)}`;
  return { search, lexical, document: documentStatement(layout) };
}
