import type { BackendAttempt, PageRequest } from "../backend/search-backend.js";
import type { RecordLayout, SectionFields } from "../backend-kit/record-layout.js";

// The two Search API bodies the backend sends (Elasticsearch "Search API > Request body", the
// same in OpenSearch): a scored page of sections, and one document's sections in order.

// How far back "recent" reaches: a section this old counts half as much (Elasticsearch "Function
// score query" > decay functions; the same in OpenSearch).
const recencyScale = "180d";
// The engine's own timeout is set a little inside core's, so its partial answer (timed_out)
// arrives before our signal fires and says what happened.
const engineTimeoutShare = 0.8;

export interface PageQuery {
  fields: SectionFields;
  titleBoost: number;
  passageChars: number;
  from: number;
  size: number;
}

/** A page of sections for the user's words, in score order, each with its body's best passage. */
export function pageQuery(
  request: PageRequest,
  { fields, titleBoost, passageChars, from, size }: PageQuery,
  attempt: BackendAttempt,
): object {
  // A match query, never query_string: the user's words are text, so `a:b OR (c` is
  // searched for, not parsed. best_fields scores a section by its best field.
  const match = {
    multi_match: {
      query: request.query,
      type: "best_fields",
      fields: [`${fields.title}^${titleBoost}`, fields.heading, fields.body],
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
                    [fields.updatedAt]: { origin: "now", scale: recencyScale, decay: 0.5 },
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
    _source: [fields.documentId, fields.section, fields.title, fields.slug, fields.updatedAt],
    highlight: {
      fields: {
        [fields.body]: {
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

/** The document's records, `size` at most, in section order: a filter, not a scored query. */
export function documentQuery(
  documentId: string,
  { layout, fields, size }: { layout: RecordLayout; fields: SectionFields; size: number },
  attempt: BackendAttempt,
): object {
  return {
    query: { bool: { filter: [{ term: { [layout.documentField]: documentId } }] } },
    sort: [{ [fields.section]: { order: "asc" } }],
    size,
    track_total_hits: false,
    _source: layout.retrievedFields,
    ...engineTimeout(attempt),
  };
}

/** `timeout` for the engine, inside core's time left; absent when core set no finite time. */
function engineTimeout(attempt: BackendAttempt): { timeout?: string } {
  const left = attempt.timeLeftMs();
  if (!Number.isFinite(left)) return {};
  return { timeout: `${Math.max(1, Math.floor(left * engineTimeoutShare))}ms` };
}
