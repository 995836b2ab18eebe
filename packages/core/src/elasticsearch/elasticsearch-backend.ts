import type {
  BackendAttempt,
  BackendDocument,
  BackendFailure,
  BackendHit,
  BackendSection,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import { callerHeaders } from "../backend-kit/caller-headers.js";
import { isFailure, malformed } from "../backend-kit/malformed.js";
import { nextOffset, readOffset } from "../backend-kit/offset-continuation.js";
import { pageOf } from "../backend-kit/page-end.js";
import { readWire } from "../backend-kit/read-wire.js";
import { type HttpAnswer, sendRequest } from "../backend-kit/send-request.js";
import { annotateOperation } from "../backend-kit/span-attributes.js";
import { httpStatusFailure } from "../backend-kit/status-table.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { type Clock, systemClock } from "../util/clock.js";
import {
  type ElasticsearchPartialRow,
  elasticsearchErrorTable,
  elasticsearchPartialTable,
} from "./elasticsearch-status-table.js";
import {
  errorType,
  type SearchHit,
  type SearchResponse,
  searchResponseSchema,
} from "./elasticsearch-wire.js";
import { indexExpressionProblem, indexPathSegment } from "./index-expression.js";

/** The record fields, one record per section (DESIGN.md section 2, "Records"). */
export interface ElasticsearchFields {
  /** A `keyword` field: get_document filters on it with a `term` query. */
  documentId: string;
  /** The section's 1-based position: an integer field, sorted on by get_document. */
  section: string;
  title: string;
  heading: string;
  body: string;
  slug: string;
  /** A `date` field. */
  updatedAt: string;
}

export const defaultElasticsearchFields: Readonly<ElasticsearchFields> = Object.freeze({
  documentId: "document_id",
  section: "section",
  title: "title",
  heading: "heading",
  body: "body",
  slug: "slug",
  updatedAt: "updated_at",
});

export interface ElasticsearchBackendOptions {
  /** The cluster's (or its proxy's) address; every request goes to this origin and path only. */
  url: string;
  /** Names the engine in traces and spans; the wire's differences are handled for both. */
  flavor?: "elasticsearch" | "opensearch";
  /** Field names, for an index laid out otherwise; defaults to `defaultElasticsearchFields`. */
  fields?: Partial<ElasticsearchFields>;
  /** How much more a title match counts than a heading or body match (`title^3`). */
  titleBoost?: number;
  /**
   * The indices' `index.max_result_window` (10,000 unless you lowered it): no request asks for
   * `from + size` past it ("Paginate search results"), so a walk or a long document stops short
   * of the engine's 400.
   */
  maxResultWindow?: number;
  /** Characters of the body highlight a hit carries as its passage (the engine's `fragment_size`). */
  passageChars?: number;
  fetch?: typeof globalThis.fetch;
  /** For `Retry-After` HTTP dates. */
  clock?: Pick<Clock, "epochMs">;
}

// Bytes of an error body read: enough for the engine's error object (its `type` is all we use),
// never a whole proxy page.
const errorBodyBytes = 16 * 1024;
// from + size may not pass index.max_result_window (10,000 by default; "Paginate search
// results"). Core's page cap (6 pages of 20) stays far below it; a walk never asks past it.
const defaultMaxResultWindow = 10_000;
// How far back "recent" reaches: a section this old counts half as much (Elasticsearch "Function
// score query" > decay functions; the same in OpenSearch).
const recencyScale = "180d";
// The engine's own timeout is set a little inside core's, so its partial answer (timed_out)
// arrives before our signal fires and says what happened.
const engineTimeoutShare = 0.8;

/**
 * Elasticsearch 8–9 and OpenSearch 2–3 over `fetch`, through core's one HTTP sender (no retries,
 * no redirects, bounded bodies), with the caller's credentials on each request and nowhere
 * else. Runs wherever `fetch` does: Node, Deno, Bun, edge and worker runtimes.
 */
export function elasticsearchBackend(options: ElasticsearchBackendOptions): SearchBackend {
  const flavor = options.flavor ?? "elasticsearch";
  if (flavor !== "elasticsearch" && flavor !== "opensearch") {
    refuse("flavor", 'flavor must be "elasticsearch" or "opensearch"');
  }
  const base = baseUrl(options.url);
  const fields = resolveFields(options.fields);
  const titleBoost = options.titleBoost ?? 3;
  if (typeof titleBoost !== "number" || !Number.isFinite(titleBoost) || titleBoost <= 0) {
    refuse("titleBoost", "titleBoost must be a positive number");
  }
  const passageChars = options.passageChars ?? 300;
  if (!Number.isInteger(passageChars) || passageChars < 20 || passageChars > 2000) {
    refuse("passageChars", "passageChars must be a whole number from 20 to 2000");
  }
  const maxResultWindow = options.maxResultWindow ?? defaultMaxResultWindow;
  if (!Number.isInteger(maxResultWindow) || maxResultWindow < 1) {
    refuse("maxResultWindow", "maxResultWindow must be a whole number of at least 1");
  }
  // Looked up per request, so a fetch installed after construction (a test's, a polyfill) is used.
  const fetchFunction: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const searchTemplate = `${base.pathname}/{index}/_search`;
  const clock = options.clock ?? systemClock;
  /** A non-2xx answer by the status table: only the error `type` is read, never its `reason`. */
  const failureOf = (answer: HttpAnswer): BackendFailure =>
    httpStatusFailure(elasticsearchErrorTable, answer, {
      code: errorType(answer.text),
      epochMs: clock.epochMs(),
    });

  async function post(
    collectionId: string,
    body: unknown,
    attempt: BackendAttempt,
    operation: "search" | "get_document",
  ): Promise<HttpAnswer | BackendFailure> {
    annotateOperation(attempt, { system: flavor, collection: collectionId, operation });
    return sendRequest(
      {
        method: "POST",
        // allow_no_indices=false: a pattern or alias that matches no index is a 404
        // index_not_found_exception, not an empty 200 that would read as "nothing matched".
        url: `${base.origin}${base.pathname}/${indexPathSegment(collectionId)}/_search?allow_no_indices=false`,
        headers: {
          ...callerHeaders(attempt.caller),
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify(body),
        urlTemplate: searchTemplate,
      },
      attempt,
      { fetch: fetchFunction, errorBodyBytes },
    );
  }

  return {
    specificationVersion: "v1",
    name: flavor,

    async searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome> {
      const problem = indexExpressionProblem(request.collectionId);
      if (problem !== undefined) return notAnIndex(problem);
      const from = readOffset(request.continuation, maxResultWindow);
      if (isFailure(from)) return from;
      const size = Math.min(request.pageSize, attempt.limits.pageItems, maxResultWindow - from);
      // A match query, never query_string: the user's words are text, so `a:b OR (c` is
      // searched for, not parsed. best_fields scores a section by its best field.
      const match = {
        multi_match: {
          query: request.query,
          type: "best_fields",
          fields: [`${fields.title}^${titleBoost}`, fields.heading, fields.body],
        },
      };
      const body = {
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
      const answer = await post(request.collectionId, body, attempt, "search");
      if (isFailure(answer)) return answer;
      if (answer.status < 200 || answer.status > 299) return failureOf(answer);
      const response = readWire(answer.text, searchResponseSchema);
      if (isFailure(response)) return response;
      const partial = partialAnswer(response);
      if (partial !== undefined) return partial;

      const rawHits = response.hits.hits;
      // "Nothing matched" only when the engine's own count agrees: hits cut away on the way
      // (a proxy's filter, a response rewritten) must not read as an empty answer.
      if (rawHits.length === 0 && from === 0 && totalOf(response) > 0) {
        return malformed("no hits on page one, but a total above 0");
      }
      const count = rawHits.length;
      return pageOf(rawHits, {
        asked: size,
        first: from === 0,
        readHit: (rawHit, position) => readHit(rawHit, fields, from + position),
        more: hasMore(response, from + count, size, count),
        // No next unless a whole page fits in the result window: the walk stops there.
        next: nextOffset(from, count, maxResultWindow - size + 1),
      });
    },

    async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
      const problem = indexExpressionProblem(request.collectionId);
      if (problem !== undefined) return notAnIndex(problem);
      // Sections read: within limits.documentSections and within the result window, one more
      // asked for so that a document past either is known, never silently cut.
      const sectionLimit = Math.min(attempt.limits.documentSections, maxResultWindow - 1);
      const body = {
        // A filter, not a scored query: the document's records, all of them, in order.
        query: { bool: { filter: [{ term: { [fields.documentId]: request.documentId } }] } },
        sort: [{ [fields.section]: { order: "asc" } }],
        size: sectionLimit + 1,
        track_total_hits: false,
        _source: [
          fields.documentId,
          fields.section,
          fields.title,
          fields.heading,
          fields.body,
          fields.slug,
          fields.updatedAt,
        ],
        ...engineTimeout(attempt),
      };
      const answer = await post(request.collectionId, body, attempt, "get_document");
      if (isFailure(answer)) return answer;
      if (answer.status < 200 || answer.status > 299) return failureOf(answer);
      const response = readWire(answer.text, searchResponseSchema);
      if (isFailure(response)) return response;
      // A partial answer could be missing sections: never a whole document.
      const partial = partialAnswer(response);
      if (partial !== undefined) return partial;
      const rawHits = response.hits.hits;
      if (rawHits.length === 0) return { kind: "not_found" };
      if (rawHits.length > sectionLimit) {
        return {
          kind: "failed",
          cause: "too_large",
          reason: `document has more than ${sectionLimit} sections`,
        };
      }
      return readDocument(rawHits, fields);
    },
  };
}

function refuse(option: string, message: string): never {
  throw new ConfigurationError({ option, message: `elasticsearchBackend: ${message}.` });
}

function baseUrl(url: unknown): { origin: string; pathname: string } {
  if (typeof url !== "string" || !URL.canParse(url)) refuse("url", "url must be an http(s) URL");
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    refuse("url", "url must be an http(s) URL");
  }
  // A user:password in the URL would be one credential for every user, kept for the process's
  // life: credentials come with each call (`caller`), never with the backend.
  if (parsed.username !== "" || parsed.password !== "") {
    refuse("url", "url must not carry credentials; pass each user's in `caller`");
  }
  if (parsed.search !== "" || parsed.hash !== "") {
    refuse("url", "url must not have a query or a fragment");
  }
  return { origin: parsed.origin, pathname: parsed.pathname.replace(/\/+$/, "") };
}

function resolveFields(overrides: Partial<ElasticsearchFields> | undefined): ElasticsearchFields {
  const fields: ElasticsearchFields = { ...defaultElasticsearchFields };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (!Object.hasOwn(defaultElasticsearchFields, name)) {
      refuse(
        "fields",
        `fields.${name} is not a field; the fields are ${Object.keys(defaultElasticsearchFields).join(", ")}`,
      );
    }
    if (value === undefined) continue;
    // A field name with `*` or `^` would change the query's meaning (a wildcard, a boost).
    if (typeof value !== "string" || !/^[A-Za-z0-9@_][A-Za-z0-9@_.-]{0,254}$/.test(value)) {
      refuse("fields", `fields.${name} must be a field name (letters, digits, _ . - @)`);
    }
    fields[name as keyof ElasticsearchFields] = value;
  }
  return fields;
}

function notAnIndex(problem: string): BackendFailure {
  return { kind: "failed", cause: "misconfigured", reason: `collection id ${problem}` };
}

/** `timeout` for the engine, inside core's time left; absent when core set no finite time. */
function engineTimeout(attempt: BackendAttempt): { timeout?: string } {
  const left = attempt.timeLeftMs();
  if (!Number.isFinite(left)) return {};
  return { timeout: `${Math.max(1, Math.floor(left * engineTimeoutShare))}ms` };
}

function partialAnswer(response: SearchResponse): BackendFailure | undefined {
  const signals: Record<ElasticsearchPartialRow["signal"], boolean> = {
    no_shards: response._shards.total === 0,
    timed_out: response.timed_out,
    shards_failed: response._shards.failed > 0,
    clusters_skipped:
      (response._clusters?.skipped ?? 0) > 0 ||
      (response._clusters?.partial ?? 0) > 0 ||
      (response._clusters?.failed ?? 0) > 0,
  };
  return elasticsearchPartialTable.find((row) => signals[row.signal])?.meaning;
}

function totalOf(response: SearchResponse): number {
  const total = response.hits.total;
  if (total === undefined) return 0;
  return typeof total === "number" ? total : total.value;
}

function hasMore(response: SearchResponse, end: number, size: number, count: number): boolean {
  if (response.hits.total === undefined) return count === size;
  return totalOf(response) > end;
}

function readHit(hit: SearchHit, fields: ElasticsearchFields, rank: number): BackendHit | string {
  const source: Record<string, unknown> = hit._source ?? {};
  const documentId = identifier(source[fields.documentId]);
  if (documentId === undefined) return `hit ${rank + 1} has no ${fields.documentId}`;
  const title = source[fields.title];
  if (typeof title !== "string") return `hit ${rank + 1} has no ${fields.title}`;
  const section = sectionOf(source[fields.section]);
  const slug = optionalString(source[fields.slug]);
  const updated = optionalString(source[fields.updatedAt]);
  const fragments = hit.highlight?.[fields.body];
  if (
    fragments !== undefined &&
    (!Array.isArray(fragments) || typeof (fragments[0] ?? "") !== "string")
  ) {
    return `hit ${rank + 1} has a highlight that is not a list of strings`;
  }
  const snippet: string = fragments?.[0] ?? "";
  // Higher is better; a hit sorted without a score ranks by position.
  const score = typeof hit._score === "number" ? hit._score : 1 / (rank + 1);
  return {
    documentId,
    title,
    snippet,
    score,
    ...(section === undefined ? {} : { section }),
    ...(slug === undefined ? {} : { slug }),
    ...(updated === undefined ? {} : { updated }),
  };
}

function readDocument(hits: readonly SearchHit[], fields: ElasticsearchFields): DocumentOutcome {
  const sections: Array<BackendSection & { position: number }> = [];
  const seen = new Set<string>();
  let title: string | undefined;
  let slug: string | undefined;
  let updated: string | undefined;
  for (const [rank, hit] of hits.entries()) {
    const source: Record<string, unknown> = hit._source ?? {};
    const section = sectionOf(source[fields.section]);
    if (section === undefined) return malformed(`section ${rank + 1} has no ${fields.section}`);
    const text = source[fields.body];
    if (typeof text !== "string") return malformed(`section ${section} has no ${fields.body}`);
    // A pattern can match an old and a new index during a reindex: one copy of each section.
    if (seen.has(section)) continue;
    seen.add(section);
    title ??= optionalString(source[fields.title]);
    slug ??= optionalString(source[fields.slug]);
    const sectionUpdated = optionalString(source[fields.updatedAt]);
    if (sectionUpdated !== undefined && (updated === undefined || sectionUpdated > updated)) {
      updated = sectionUpdated;
    }
    sections.push({
      section,
      position: Number(section),
      heading: optionalString(source[fields.heading]) ?? "",
      text,
    });
  }
  if (title === undefined) return malformed(`document has no ${fields.title}`);
  sections.sort((left, right) => left.position - right.position);
  const document: BackendDocument = {
    title,
    ...(slug === undefined ? {} : { slug }),
    ...(updated === undefined ? {} : { updated }),
    sections: sections.map(({ section, heading, text }) => ({ section, heading, text })),
  };
  return { kind: "document", document };
}

function identifier(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

function sectionOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d{1,9}$/.test(value)) return String(Number(value));
  return undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
