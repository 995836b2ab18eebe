import type { PostgresLayout } from "./postgres-layout.js";

// The two ends of an attempt's statements that depend on how rows are laid out: what the search
// returns for each ranked row, and how get_document reads a document. The ranking between them
// (postgres-queries.ts) reads rows through the layout's source alone.

const asUtc = (value: string) =>
  `to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

// ts_headline's options. A page shows its one best window (without
// MaxFragments, ts_headline picks the window holding the most query words; with it, under an OR
// of words, the first word found): marked (U+0002 before a matched word, U+0003 after) so the
// backend can place the words in the page and open the hit at the section holding most of them.
const markedPassage = `'MaxWords=30, MinWords=12, StartSel="' || chr(2) || '", StopSel="' || chr(3) || '"'`;

/** The search statement's last select, over its `ranked` and `input` CTEs. */
export function hitSelect(layout: PostgresLayout, matchQuery: string): string {
  if (layout.page === undefined) {
    return `select ranked.document_id::text as document_id, ranked.section, ranked.title, ranked.heading, ranked.slug,
  ${asUtc("ranked.updated_at")} as updated,
  ranked.score, ranked.body
from ranked
order by ranked.score desc, ranked.document_id, ranked.section`;
  }
  const { source: row } = layout;
  const url = layout.page.columns.url;
  // A ranked page's body is read by its id only now, for the few rows shown: carrying every
  // matched page's text through the ranking would cost memory for nothing.
  return `select ranked.document_id::text as document_id, ranked.title, ranked.slug,
  ${asUtc("ranked.updated_at")} as updated, ranked.score, page_row.url,
  marked.passage as snippet,
  left(page_row.body, found.at) as before_passage,
  found.text as passage_in_page,
  substring(substr(page_row.body, found.at + length(found.text) + 1) from '^\\s*[^\\n]*(\\n[^\\n]*){0,2}') as after_passage
from ranked cross join input
  cross join lateral (
    select ${row.body}::text as body, ${url === null ? "null" : `section_row.${url}`}::text as url
    from ${row.table} as section_row
    where ${row.collectionId} = $5 and ${row.documentId} = ranked.document_id
    limit 1
  ) as page_row
  cross join lateral (
    select ts_headline($1::regconfig, page_row.body, ${matchQuery}, ${markedPassage}) as passage
  ) as marked
  cross join lateral (
    select translate(marked.passage, chr(2) || chr(3), '') as text
  ) as plain
  cross join lateral (
    -- The passage as the page holds it: ts_headline returns the page's own text, but with each
    -- markup tag (\`<access_token>\`) as one space, so a passage holding one is found by a pattern.
    select coalesce(
      case when strpos(page_row.body, plain.text) > 0 then plain.text end,
      substring(page_row.body from regexp_replace(
        regexp_replace(plain.text, '([.^$*+?()\\[\\]{}|\\\\])', '\\\\\\1', 'g'),
        '\\s+', '(?:\\s|<[^>]*>)+', 'g')),
      '') as text
  ) as in_page
  cross join lateral (
    -- Where it starts (the top of the page when it was not found).
    select greatest(strpos(page_row.body, in_page.text) - 1, 0) as at, in_page.text
  ) as found
order by ranked.score desc, ranked.document_id`;
}

/** get_document's statement: $1 collection id, $2 document id, $3 limit (document sections + 1). */
export function documentStatement(layout: PostgresLayout): string {
  const { table, columns: c, page, source: row } = layout;
  if (page === undefined) {
    return `select ${c.documentId}::text as document_id, ${c.section}::integer as section,
  ${c.title}::text as title, ${c.heading}::text as heading, ${c.body}::text as body, ${c.slug}::text as slug,
  ${asUtc(`${c.updatedAt}::timestamptz`)} as updated
from ${table}
where ${c.collectionId} = $1 and ${c.documentId} = $2
order by ${c.section}
limit $3`;
  }
  // One row is the page; a second says its id is not unique (the backend refuses to guess).
  return `select ${row.documentId}::text as document_id, ${row.title}::text as title,
  ${row.body}::text as body, ${row.slug}::text as slug,
  ${page.columns.url === null ? "null" : `section_row.${page.columns.url}`}::text as url,
  ${asUtc(`${row.updatedAt}::timestamptz`)} as updated
from ${table} as section_row
where ${row.collectionId} = $1 and ${row.documentId} = $2
limit least($3::integer, 2)`;
}
