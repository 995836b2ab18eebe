import type { BackendAttempt, PageRequest } from "../backend/search-backend.js";

// The two Search API bodies the backend sends (Elasticsearch "Search API > Request body", the
// same in OpenSearch): a scored page of records (sections or pages), and one document's records.

// How far back "recent" reaches: a section this old counts half as much (Elasticsearch "Function
// score query" > decay functions; the same in OpenSearch).
const recencyScale = "180d";
// The engine's own timeout is set a little inside core's, so its partial answer (timed_out)
// arrives before our signal fires and says what happened.
const engineTimeoutShare = 0.8;

export interface PageQuery {
  /** The fields searched, boosts included (`title^3`). */
  searched: readonly string[];
  /** The date field `prefer: "recent"` decays on. */
  recencyField: string;
  /** The `_source` fields a hit is read from. */
  source: readonly string[];
  /** The field whose best fragment is a hit's passage. */
  passageField: string;
  passageChars: number;
  /** The highlight's limit on characters analyzed, in the engine's spelling (a page's body). */
  highlightLimit?: Record<string, number>;
  from: number;
  size: number;
}

/** A page of records for the user's words, in score order, each with its body's best passage. */
export function pageQuery(
  request: PageRequest,
  {
    searched,
    recencyField,
    source,
    passageField,
    passageChars,
    highlightLimit,
    from,
    size,
  }: PageQuery,
  attempt: BackendAttempt,
): object {
  // A match query, never query_string: the user's words are text, so `a:b OR (c` is
  // searched for, not parsed. best_fields scores a section by its best field.
  const match = {
    multi_match: {
      query: request.query,
      type: "best_fields",
      fields: searched,
    },
  };
  return {
    // prefer: "recent" weighs recency into the score (a gauss decay on the date, halving at
    // recencyScale) rather than sorting by date: the page stays in score order, best first,
    // and a fresh section that barely matches does not outrank the one that answers.
    query:
      request.prefer === "recent"
        ? {
            function_score: {
              query: match,
              functions: [
                {
                  gauss: {
                    [recencyField]: { origin: "now", scale: recencyScale, decay: 0.5 },
                  },
                },
              ],
              boost_mode: "multiply",
            },
          }
        : match,
    from,
    size,
    // Counted just past this page, so `more` is the engine's word, not a guess.
    track_total_hits: from + size + 1,
    _source: source,
    highlight: {
      ...highlightLimit,
      fields: {
        [passageField]: {
          fragment_size: passageChars,
          number_of_fragments: 1,
          // A body match in title or heading only still gets a passage: the body's start.
          no_match_size: passageChars,
          pre_tags: [""],
          post_tags: [""],
        },
      },
    },
    ...engineTimeout(attempt),
  };
}

export interface DocumentQuery {
  /** The filter that selects the document's records (a `term` on its id field, or `ids`). */
  filter: object;
  /** The field its records are ordered by; none for a page (one record). */
  orderField?: string;
  size: number;
  source: readonly string[];
}

/** The document's records, `size` at most, in order: a filter, not a scored query. */
export function documentQuery(
  { filter, orderField, size, source }: DocumentQuery,
  attempt: BackendAttempt,
): object {
  return {
    query: { bool: { filter: [filter] } },
    ...(orderField === undefined ? {} : { sort: [{ [orderField]: { order: "asc" } }] }),
    size,
    track_total_hits: false,
    _source: source,
    ...engineTimeout(attempt),
  };
}

/** `timeout` for the engine, inside core's time left; absent when core set no finite time. */
function engineTimeout(attempt: BackendAttempt): { timeout?: string } {
  const left = attempt.timeLeftMs();
  if (!Number.isFinite(left)) return {};
  return { timeout: `${Math.max(1, Math.floor(left * engineTimeoutShare))}ms` };
}
