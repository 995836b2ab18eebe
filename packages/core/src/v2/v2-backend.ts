import type { BackendHit, SearchBackend } from "../backend/search-backend.js";
import { callerHeaders } from "../backend-kit/caller-headers.js";
import { pageOf } from "../backend-kit/page-end.js";
import { pathSegment } from "../backend-kit/path-segment.js";
import { sendRequest } from "../backend-kit/send-request.js";
import { type Clock, systemClock } from "../util/clock.js";
import { v2ErrorBodyBytes, v2NotFoundFailure } from "./v2-not-found.js";
import { v2Failure } from "./v2-status-table.js";
import { documentReader, type SearchItem, searchPageReader } from "./v2-wire.js";

export interface V2BackendOptions {
  /** Where the API lives: `${baseUrl}/v2/collections/...`. */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  /** For `Retry-After` HTTP dates. */
  clock?: Pick<Clock, "epochMs">;
}

// Low-cardinality names of the two endpoints, for spans (the ids vary, the shape does not).
const searchTemplate = "/v2/collections/{collection_id}/documents/search";
const documentTemplate = "/v2/collections/{collection_id}/documents/{document_id}";

/**
 * The seed's API (DESIGN.md section 2, "The v2 backend"): `GET .../documents/search` with a
 * cursor, `page_size=20` and `sort=relevance`, and `GET .../documents/{id}`, with the caller's
 * `Authorization: Bearer`. 404 with the API's own body means "nothing matched" (search) or no such
 * document: an ordinary answer, never a failure; a 404 of another server is `misconfigured`.
 */
export function v2Backend(options: V2BackendOptions): SearchBackend {
  const base = options.baseUrl.replace(/\/+$/, "");
  const pathPrefix = new URL(base).pathname.replace(/\/+$/, "");
  const fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const clock = options.clock ?? systemClock;

  return {
    specificationVersion: "v1",
    name: "v2-http",
    // The v2 API ranks a section by its text alone: the rerank adds its document's other hits.
    scoring: "section-text",

    async searchPage(request, attempt) {
      const collection = pathSegment(request.collectionId);
      if (collection === undefined) return unrequestable("collection id");
      const parameters = new URLSearchParams({
        query: request.query,
        page_size: String(request.pageSize),
        sort: "relevance",
      });
      if (request.continuation !== undefined) parameters.set("cursor", request.continuation);
      const answer = await sendRequest(
        {
          method: "GET",
          url: `${base}/v2/collections/${collection}/documents/search?${parameters}`,
          headers: callerHeaders(attempt.caller),
          urlTemplate: pathPrefix + searchTemplate,
        },
        attempt,
        { fetch, errorBodyBytes: v2ErrorBodyBytes },
      );
      if ("kind" in answer) return answer;
      if (answer.status === 404) return v2NotFoundFailure(answer.text) ?? { kind: "no_match" };
      // A 400 for a cursor mid-walk: the collection changed under the walk.
      if (answer.status === 400 && request.continuation !== undefined) {
        return { kind: "stale_continuation", reason: "bad request (400)" };
      }
      if (answer.status < 200 || answer.status > 299) {
        return v2Failure(answer.status, answer.headers, { epochMs: clock.epochMs() });
      }
      const reading = searchPageReader.read(answer.text, attempt.limits);
      if (!reading.ok) return { kind: "failed", cause: reading.failure, reason: reading.reason };
      const page = reading.body;
      const version = page.collection_version;
      return pageOf(page.items, {
        // The reader counted the items against the limit before parsing them.
        asked: attempt.limits.pageItems,
        // v2 says "nothing matched" with its 404 (above): an empty 200 is a page like any other.
        first: false,
        readHit: toHit,
        more: page.has_more,
        next: page.next_cursor ?? undefined,
        version: version === undefined || version === null ? undefined : String(version),
      });
    },

    async getDocument(request, attempt) {
      const collection = pathSegment(request.collectionId);
      const document = pathSegment(request.documentId);
      if (collection === undefined) return unrequestable("collection id");
      if (document === undefined) return unrequestable("document id");
      const answer = await sendRequest(
        {
          method: "GET",
          url: `${base}/v2/collections/${collection}/documents/${document}`,
          headers: callerHeaders(attempt.caller),
          urlTemplate: pathPrefix + documentTemplate,
        },
        attempt,
        { fetch, errorBodyBytes: v2ErrorBodyBytes },
      );
      if ("kind" in answer) return answer;
      if (answer.status === 404) return v2NotFoundFailure(answer.text) ?? { kind: "not_found" };
      if (answer.status < 200 || answer.status > 299) {
        return v2Failure(answer.status, answer.headers, { epochMs: clock.epochMs() });
      }
      const reading = documentReader.read(answer.text, attempt.limits);
      if (!reading.ok) return { kind: "failed", cause: reading.failure, reason: reading.reason };
      const { title, slug, updated_at, sections } = reading.body;
      return {
        kind: "document",
        document: {
          title,
          ...(slug === undefined || slug === null ? {} : { slug }),
          ...(updated_at === undefined || updated_at === null ? {} : { updated: updated_at }),
          sections: sections.map(({ index, heading, text }) => ({
            section: String(index),
            heading,
            text,
          })),
        },
      };
    },
  };
}

function toHit(item: SearchItem): BackendHit {
  const hit: BackendHit = {
    documentId: item.document_id,
    title: item.title,
    snippet: item.snippet,
    score: item.score,
  };
  if (item.updated_at !== undefined && item.updated_at !== null) hit.updated = item.updated_at;
  if (item.slug !== undefined && item.slug !== null) hit.slug = item.slug;
  if (item.section !== undefined && item.section !== null) hit.section = String(item.section);
  return hit;
}

function unrequestable(what: string): { kind: "failed"; cause: "malformed"; reason: string } {
  return {
    kind: "failed",
    cause: "malformed",
    reason: `malformed ${what}: not a URL path segment`,
  };
}
