import type { BackendAttempt, BackendFailure, SearchBackend } from "@search-docs/core";
import {
  annotateOperation,
  baseUrlOption,
  callerHeaders,
  collectionSegment,
  documentOf,
  type HttpEdges,
  httpEdgesOf,
  httpStatusFailure,
  isFailure,
  nextOffset,
  offsetPage,
  pageOf,
  readErrorBody,
  readWire,
  recordLayout,
  type StatusRow,
  sectionsToAsk,
  sendRequest,
} from "@search-docs/core/backend-kit";
import * as z from "zod/mini";

export interface TinyEngineBackendOptions extends HttpEdges {
  /** The engine's address; every request goes to this origin and path only. */
  url: string;
}

const api = "the engine's API (src/tiny-engine.ts)";

/** What the engine's non-2xx answers mean to core, first match wins; any other is `rejected`. */
export const tinyEngineStatusTable: readonly StatusRow[] = [
  // A collection that is not there is a setup mistake, never "nothing matched".
  {
    status: 404,
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "collection not found",
    source: `${api}: 404 collection_not_found`,
  },
  { status: 401, meaning: { kind: "unauthorized" }, label: "unauthorized", source: `${api}: 401` },
  { status: 403, meaning: { kind: "forbidden" }, label: "forbidden", source: `${api}: 403` },
  {
    status: 429,
    meaning: { kind: "overloaded" },
    label: "too many requests",
    source: "RFC 6585 section 4",
  },
  {
    status: "5xx",
    meaning: { kind: "transient" },
    label: "server error {status}",
    source: "RFC 9110 section 15.6",
  },
];

// What a 200 carries; a record's own fields are read by the kit's "sections" layout.
const hitsSchema = z.object({
  hits: z.array(z.looseObject({ _score: z.number(), _passage: z.string() })),
  total: z.int().check(z.nonnegative()),
});
const recordsSchema = z.object({ records: z.array(z.looseObject({})) });
const errorSchema = z.object({ error: z.string() });

/** The tiny engine as a backend, on `@search-docs/core/backend-kit`. */
export function tinyEngineBackend(options: TinyEngineBackendOptions): SearchBackend {
  const base = baseUrlOption("tinyEngineBackend", "url", options.url);
  const layout = recordLayout("tinyEngineBackend", { records: "sections" });
  const { fetch, clock } = httpEdgesOf(options);

  /** One request of one attempt: the 200's body by `schema`, or what went wrong. */
  async function call<Schema extends z.ZodMiniType>(
    attempt: BackendAttempt,
    collectionId: string,
    endpoint: "search" | "records",
    { body, query }: { body?: unknown; query?: URLSearchParams },
    schema: Schema,
  ): Promise<z.infer<Schema> | BackendFailure> {
    const collection = collectionSegment(collectionId, "a path segment");
    if (isFailure(collection)) return collection;
    const operation = endpoint === "search" ? "search" : "get_document";
    annotateOperation(attempt, { system: "tiny-engine", collection: collectionId, operation });
    const path = `${base.pathname}/collections/${collection}/${endpoint}`;
    const answer = await sendRequest(
      {
        method: body === undefined ? "GET" : "POST",
        url: `${base.origin}${path}${query === undefined ? "" : `?${query}`}`,
        headers: callerHeaders(attempt.caller),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        urlTemplate: `${base.pathname}/collections/{collection}/${endpoint}`,
      },
      attempt,
      { fetch, errorBodyBytes: 1024 },
    );
    if (isFailure(answer)) return answer;
    if (answer.status !== 200) {
      const code = readErrorBody(answer.text, errorSchema)?.error;
      return httpStatusFailure(tinyEngineStatusTable, answer, { code, epochMs: clock.epochMs() });
    }
    return readWire(answer.text, schema);
  }

  return {
    specificationVersion: "v1",
    name: "tiny-engine",

    async searchPage(request, attempt) {
      const start = offsetPage(request, attempt);
      if (isFailure(start)) return start;
      const { offset, size: limit } = start;
      const body = { q: request.query, offset, limit };
      const page = await call(attempt, request.collectionId, "search", { body }, hitsSchema);
      if (isFailure(page)) return page;
      return pageOf(page.hits, {
        asked: limit,
        first: offset === 0,
        readHit: (hit) => layout.readHit(hit, hit._passage, hit._score),
        more: page.total > offset + page.hits.length,
        next: nextOffset(offset, page.hits.length, page.total),
      });
    },

    async getDocument(request, attempt) {
      // One more section than the limit: a longer document is refused, never cut.
      const limit = sectionsToAsk(attempt.limits.documentSections);
      const query = new URLSearchParams({ document_id: request.documentId, limit: `${limit}` });
      const answer = await call(attempt, request.collectionId, "records", { query }, recordsSchema);
      if (isFailure(answer)) return answer;
      return documentOf(answer.records, limit - 1, layout.readDocument);
    },
  };
}
