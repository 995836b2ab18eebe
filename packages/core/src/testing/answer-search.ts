import type { FakeCollection } from "./build-collections.js";
import { decodeSearchCursor, encodeSearchCursor } from "./search-cursor.js";
import type { SectionHit } from "./section-index.js";
import type { WireResponse } from "./wire-response.js";

const defaultPageSize = 20;
const maximumPageSize = 20;
const sorts = new Set(["relevance", "updated_at", "created_at"]);

/**
 * Answers `GET …/documents/search` for one collection, as the wire in DESIGN.md section 2 says:
 * strict parameters (400), 404 when nothing matches, otherwise a page of section hits with a
 * cursor bound to query, sort, collection and collection version.
 */
export function answerSearch(
  collection: FakeCollection,
  parameters: URLSearchParams,
): WireResponse {
  const query = parameters.get("query");
  if (query === null || query.trim() === "") return invalidRequest("query is required");

  const rawPageSize = parameters.get("page_size");
  const pageSize = rawPageSize === null ? defaultPageSize : Number(rawPageSize);
  if (
    rawPageSize !== null &&
    (!/^\d+$/.test(rawPageSize) || pageSize < 1 || pageSize > maximumPageSize)
  ) {
    return invalidRequest(`page_size must be an integer from 1 to ${maximumPageSize}`);
  }

  const sort = parameters.get("sort") ?? "relevance";
  if (!sorts.has(sort)) return invalidRequest(`sort must be one of ${[...sorts].join(", ")}`);

  let offset = 0;
  const rawCursor = parameters.get("cursor");
  // An empty cursor reads as "first page", as a client filling in `cursor=` would mean it.
  if (rawCursor !== null && rawCursor !== "") {
    const cursor = decodeSearchCursor(rawCursor);
    const bound =
      cursor !== undefined &&
      cursor.query === query &&
      cursor.sort === sort &&
      cursor.collectionId === collection.id &&
      cursor.collectionVersion === collection.version;
    if (!bound) return invalidCursor();
    offset = cursor.offset;
  }

  const hits = sortHits(collection.sectionIndex.search(query), sort);
  // Nothing matched: an ordinary outcome on this wire, not an error.
  if (hits.length === 0) return { status: 404, body: { error: "no_match" } };
  if (offset >= hits.length) return invalidCursor();

  const page = hits.slice(offset, offset + pageSize);
  const nextOffset = offset + page.length;
  const hasMore = nextOffset < hits.length;
  return {
    status: 200,
    body: {
      items: page.map((hit) => ({
        document_id: hit.document.id,
        title: hit.document.title,
        score: hit.score,
        snippet: collection.sectionIndex.snippetFor(hit, query),
        updated_at: `${hit.document.updated}T00:00:00Z`,
        slug: hit.document.slug,
        section: hit.sectionIndex,
      })),
      next_cursor: hasMore
        ? encodeSearchCursor({
            query,
            sort,
            collectionId: collection.id,
            collectionVersion: collection.version,
            offset: nextOffset,
          })
        : null,
      has_more: hasMore,
      collection_version: collection.version,
    },
  };
}

// The corpus has one date per document, so "created" falls back to "updated".
function sortHits(hits: SectionHit[], sort: string): SectionHit[] {
  if (sort === "relevance") return hits;
  return hits
    .map((hit, rank) => ({ hit, rank }))
    .sort(
      (left, right) =>
        compareStrings(right.hit.document.updated, left.hit.document.updated) ||
        left.rank - right.rank,
    )
    .map(({ hit }) => hit);
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function invalidRequest(message: string): WireResponse {
  return { status: 400, body: { error: "invalid_request", message } };
}

function invalidCursor(): WireResponse {
  return {
    status: 400,
    body: {
      error: "invalid_cursor",
      message: "the cursor does not belong to this query, sort, collection or collection version",
    },
  };
}
