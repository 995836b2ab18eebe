import type { PostgresLayout } from "./postgres-layout.js";

/** How a search matches the user's words. */
export type PostgresMatch = "any" | "all";

/** The two statements an attempt runs: every value is a parameter, only names are written in. */
export interface PostgresQueries {
  /**
   * $1 language (regconfig), $2 the query as typed, $3 its words to look for, $4 its excluded
   * words ("" for none), $5 collection id, $6 limit (page size + 1), $7 offset, $8 prefer recent.
   */
  search: string;
  /** $1 collection id, $2 document id, $3 limit (document sections + 1). */
  document: string;
}

// Characters of a section's body ts_headline reads: its cost grows with the text, and a passage
// is cut to limits.passageChars (320) anyway.
const headlineChars = 8000;

// ts_rank, normalization 1|32: divided by 1 + log(length), so long sections do not win by length
// alone, then scaled into [0, 1) so "matches as typed" (+1) always ranks above. Weights {D, C, B, A}:
// title (A) a little above heading (B) above body (C). Measured on ../shared/queries/dev-queries.jsonl
// (document recall@8 / MRR@8 of the SQL's own top 8, before core's rerank): ts_rank_cd with the
// default weights {0.1, 0.2, 0.4, 1.0} 0.646 / 0.486; ts_rank with these 0.713 / 0.621 — a
// question in a user's own words shares few words with a title, and cover density rewards words
// close together, which an any-word query rarely has.
const rankWeights = "'{0.1, 0.5, 0.55, 0.6}'";
const rankNormalization = 33;

// Recency in [0, 1): 1 today, 0.5 a month old, 0 with no date. `prefer: "recent"` ranks by half
// this and half the text rank, so the score stays the order (core merges collections by score).
const recency = (column: string) =>
  `coalesce(1.0 / (1.0 + greatest(0, extract(epoch from (now() - ${column})) / 86400.0) / 30.0), 0)`;

/**
 * The statements for a layout. `any` (the default) finds sections holding any of the words and
 * ranks those matching the query as typed (websearch_to_tsquery: every word, "quoted phrases",
 * `-excluded`) above the rest; `all` finds only those.
 */
export function postgresQueries(layout: PostgresLayout, match: PostgresMatch): PostgresQueries {
  const { table, columns: c } = layout;
  // The looser query: the lexemes of the included words, each quoted as a tsquery operand, ORed.
  const looseQuery = `coalesce((select string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')
      from unnest(tsvector_to_array(to_tsvector($1::regconfig, $3))) as lexeme), '')::tsquery`;
  const filter =
    match === "all"
      ? `section_row.${c.searchVector} @@ input.strict_query`
      : `section_row.${c.searchVector} @@ input.loose_query and not (section_row.${c.searchVector} @@ input.excluded_query)`;
  const matchQuery = match === "all" ? "input.strict_query" : "input.loose_query";
  const search = `with input as (
  select websearch_to_tsquery($1::regconfig, $2) as strict_query,
    ${looseQuery} as loose_query,
    websearch_to_tsquery($1::regconfig, $4) as excluded_query
), ranked as (
  select section_row.${c.documentId}::text as document_id, section_row.${c.section}::integer as section,
    section_row.${c.title}::text as title, section_row.${c.heading}::text as heading,
    section_row.${c.slug}::text as slug, section_row.${c.updatedAt}::timestamptz as updated_at,
    left(section_row.${c.body}::text, ${headlineChars}) as body,
    ((section_row.${c.searchVector} @@ input.strict_query)::integer + case when $8::boolean
      then 0.5 * ts_rank(${rankWeights}, section_row.${c.searchVector}, ${matchQuery}, ${rankNormalization}) + 0.5 * ${recency(`section_row.${c.updatedAt}::timestamptz`)}
      else ts_rank(${rankWeights}, section_row.${c.searchVector}, ${matchQuery}, ${rankNormalization}) end)::double precision as score
  from ${table} as section_row, input
  where section_row.${c.collectionId} = $5 and ${filter}
  order by score desc, document_id, section
  limit $6 offset $7
)
select ranked.document_id, ranked.section, ranked.title, ranked.heading, ranked.slug,
  to_char(ranked.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated,
  ranked.score,
  ts_headline($1::regconfig, ranked.body, ${matchQuery},
    'MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … ", StartSel="", StopSel=""') as snippet
from ranked, input
order by ranked.score desc, ranked.document_id, ranked.section`;
  const document = `select ${c.documentId}::text as document_id, ${c.section}::integer as section,
  ${c.title}::text as title, ${c.heading}::text as heading, ${c.body}::text as body, ${c.slug}::text as slug,
  to_char(${c.updatedAt}::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated
from ${table}
where ${c.collectionId} = $1 and ${c.documentId} = $2
order by ${c.section}
limit $3`;
  return { search, document };
}
