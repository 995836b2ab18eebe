import type { BackendAttempt, BackendFailure, SearchBackend } from "../backend/search-backend.js";
import { hostedBaseUrl, refuseOption } from "../backend-kit/backend-options.js";
import { isFailure, malformed } from "../backend-kit/malformed.js";
import { nextOffset, readOffset } from "../backend-kit/offset-continuation.js";
import { pageOf } from "../backend-kit/page-end.js";
import { readWire } from "../backend-kit/read-wire.js";
import { type HttpAnswer, sendRequest } from "../backend-kit/send-request.js";
import { annotateOperation } from "../backend-kit/span-attributes.js";
import { httpStatusFailure } from "../backend-kit/status-table.js";
import { type Clock, systemClock } from "../util/clock.js";
import { hasMore, partialAnswer, totalOf } from "./elasticsearch-answer.js";
import {
  authorizeRequests,
  awsErrorMessage,
  type ElasticsearchAuth,
} from "./elasticsearch-auth.js";
import { type ElasticsearchLayoutOptions, elasticsearchLayout } from "./elasticsearch-layout.js";
import { patternMiss } from "./elasticsearch-pattern-miss.js";
import {
  type ElasticsearchSemanticOptions,
  elasticsearchSemantic,
} from "./elasticsearch-semantic.js";
import { semanticFailure } from "./elasticsearch-semantic-errors.js";
import { elasticsearchErrorTable } from "./elasticsearch-status-table.js";
import { errorType, type SearchResponse, searchResponseSchema } from "./elasticsearch-wire.js";
import { indexExpressionProblem, indexPathSegment } from "./index-expression.js";

export {
  defaultElasticsearchFields,
  type ElasticsearchFields,
} from "./elasticsearch-section-layout.js";

export interface ElasticsearchBackendOptions
  extends Partial<Omit<ElasticsearchLayoutOptions, "flavor" | "titleBoost" | "passageChars">> {
  /** The cluster's (or its proxy's) address; every request goes to this origin and path only. */
  url: string;
  /** Names the engine in traces and spans; the wire's differences are handled for both. */
  flavor?: "elasticsearch" | "opensearch";
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
  /**
   * AWS Signature Version 4 (`{ aws: { service, region, credentials } }`) for requests whose
   * caller brings no `authorization` of its own; a caller's API key, token or Basic wins.
   */
  auth?: ElasticsearchAuth;
  /** A semantic, kNN or hybrid first stage on the index's vectors (elasticsearch-semantic.ts). */
  semantic?: ElasticsearchSemanticOptions;
  fetch?: typeof globalThis.fetch;
  /** For `Retry-After` HTTP dates and the signature's date. */
  clock?: Pick<Clock, "epochMs">;
}

// Bytes of an error body read: enough for the engine's error object (its `type` is all we use),
// never a whole proxy page.
const errorBodyBytes = 16 * 1024;
// from + size may not pass index.max_result_window (10,000 by default; "Paginate search
// results"). Core's page cap (6 pages of 20) stays far below it; a walk never asks past it.
const defaultMaxResultWindow = 10_000;
const backendName = "elasticsearchBackend";

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
  // A user:password in the URL would be one credential for every user, kept for the process's
  // life: credentials come with each call (`caller`), never with the backend.
  const base = hostedBaseUrl(backendName, "url", options.url);
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
  // Records per section (default) or per page, field names and page format checked here.
  const layout = elasticsearchLayout(backendName, { ...options, flavor, titleBoost, passageChars });
  // Looked up per request, so a fetch installed after construction (a test's, a polyfill) is used.
  const fetchFunction: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const searchTemplate = `${base.pathname}/{index}/_search`;
  const clock = options.clock ?? systemClock;
  const semantic = elasticsearchSemantic(backendName, flavor, options.semantic);
  const authorize = authorizeRequests(backendName, options.auth, () => clock.epochMs());

  /** One Search API call: the answer read and checked whole, or its failure. */
  async function search(
    collectionId: string,
    body: object,
    attempt: BackendAttempt,
    operation: "search" | "get_document",
    parameters = "",
  ): Promise<SearchResponse | BackendFailure> {
    annotateOperation(attempt, { system: flavor, collection: collectionId, operation });
    const request = {
      method: "POST" as const,
      // allow_no_indices=false: a pattern or alias that matches no index is a 404
      // index_not_found_exception, not an empty 200 that would read as "nothing matched".
      url: `${base.origin}${base.pathname}/${indexPathSegment(collectionId)}/_search?allow_no_indices=false${parameters}`,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    };
    const headers = await authorize(request, attempt.caller);
    const answer: HttpAnswer | BackendFailure = await sendRequest(
      { ...request, headers, urlTemplate: searchTemplate },
      attempt,
      { fetch: fetchFunction, errorBodyBytes },
    );
    if (isFailure(answer)) return answer;
    // A non-2xx answer by the status table: only the error `type` is read, never its `reason`.
    if (answer.status < 200 || answer.status > 299) {
      const vectorFailure = semanticFailure(answer);
      if (vectorFailure !== undefined) return vectorFailure;
      const miss = patternMiss(collectionId, answer, errorType(answer.text));
      if (miss !== undefined) attempt.annotate({ note: miss.note });
      return (
        miss?.failure ??
        httpStatusFailure(elasticsearchErrorTable, answer, {
          code: errorType(answer.text),
          message: awsErrorMessage(answer.text),
          epochMs: clock.epochMs(),
        })
      );
    }
    const response = readWire(answer.text, searchResponseSchema);
    if (isFailure(response)) return response;
    // A partial answer could be missing hits or sections: never a whole page or document.
    return partialAnswer(response) ?? response;
  }

  return {
    specificationVersion: "v1",
    name: flavor,

    async searchPage(request, attempt) {
      const problem = indexExpressionProblem(request.collectionId);
      if (problem !== undefined) return notAnIndex(problem);
      const from = readOffset(request.continuation, maxResultWindow);
      if (isFailure(from)) return from;
      const size = Math.min(
        request.pageSize,
        attempt.limits.pageItems,
        maxResultWindow - from,
        layout.maxPageSize,
      );
      const lexical = layout.searchBody(request, { from, size }, attempt);
      const body =
        semantic === undefined ? lexical : await semantic.body(lexical, request.query, attempt);
      if (isFailure(body)) return body;
      const response = await search(
        request.collectionId,
        body,
        attempt,
        "search",
        // OpenSearch hybrid's search pipeline: a page's search only, never a document's read.
        semantic?.parameters,
      );
      if (isFailure(response)) return response;
      const hits = response.hits.hits;
      // "Nothing matched" only when the engine's own count agrees: hits cut away on the way
      // (a proxy's filter, a response rewritten) must not read as an empty answer.
      if (hits.length === 0 && from === 0 && totalOf(response) > 0) {
        return malformed("no hits on page one, but a total above 0");
      }
      return pageOf(hits, {
        asked: size,
        first: from === 0,
        readHit: (hit, position) => layout.readHit(hit, from + position, request.query, attempt),
        more: hasMore(response, from + hits.length, size),
        // No next unless a whole page fits in the result window: the walk stops there.
        next: nextOffset(from, hits.length, maxResultWindow - size + 1),
      });
    },

    async getDocument(request, attempt) {
      const problem = indexExpressionProblem(request.collectionId);
      if (problem !== undefined) return notAnIndex(problem);
      const body = layout.documentBody(request.documentId, attempt, maxResultWindow);
      const response = await search(request.collectionId, body, attempt, "get_document");
      if (isFailure(response)) return response;
      return layout.readDocument(response.hits.hits, attempt, maxResultWindow);
    },
  };
}

function refuse(option: string, message: string): never {
  refuseOption(backendName, option, message);
}

function notAnIndex(problem: string): BackendFailure {
  return { kind: "failed", cause: "misconfigured", reason: `collection id ${problem}` };
}
