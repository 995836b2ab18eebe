import type { BackendFailure } from "@search-docs/core";
import type { StatusRow } from "@search-docs/core/backend-kit";

// What an HTTP status on a retriever's thrown error means (the clients of vector store SDKs —
// OpenAI, Pinecone, Chroma, Elasticsearch, Qdrant — throw errors carrying `status`,
// `statusCode` or `response.status`), as the backend kit's status rows: first match wins, the
// classes last. The one place those codes mean anything here. Cites: RFC 9110 (HTTP Semantics)
// and RFC 6585.

const rfc9110 = "RFC 9110 (HTTP Semantics)";

/** HTTP status → failure, read by the kit's `statusRow`. */
export const retrieverStatusTable: readonly StatusRow[] = Object.freeze([
  // The store refused the app's key; the app must act.
  {
    status: 401,
    meaning: { kind: "unauthorized" },
    label: "unauthorized",
    source: `${rfc9110} §15.5.2 401 Unauthorized`,
  },
  // This collection is not readable with that key.
  {
    status: 403,
    meaning: { kind: "forbidden" },
    label: "forbidden",
    source: `${rfc9110} §15.5.4 403 Forbidden`,
  },
  // The index/collection/table does not exist — never "no match".
  {
    status: 404,
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "not found",
    source: `${rfc9110} §15.5.5 404 Not Found`,
  },
  // The store gave up waiting; worth another attempt.
  {
    status: 408,
    meaning: { kind: "transient" },
    label: "request timeout",
    source: `${rfc9110} §15.5.9 408 Request Timeout`,
  },
  // The query itself was refused.
  {
    status: 413,
    meaning: { kind: "failed", cause: "rejected" },
    label: "content too large",
    source: `${rfc9110} §15.5.14 413 Content Too Large`,
  },
  // Back off (Retry-After when given).
  {
    status: 429,
    meaning: { kind: "overloaded" },
    label: "too many requests",
    source: "RFC 6585 §4 429 Too Many Requests",
  },
  // "The server is aware that it has erred": retry later.
  {
    status: "5xx",
    meaning: { kind: "transient" },
    label: "server error",
    source: `${rfc9110} §15.6 Server Error 5xx`,
  },
  // "The client seems to have erred": retrying cannot help.
  {
    status: "4xx",
    meaning: { kind: "failed", cause: "rejected" },
    label: "client error",
    source: `${rfc9110} §15.5 Client Error 4xx`,
  },
]);

/** No status at all, or one no row names (a network error, a driver error, a bug): assume the moment, not the setup. */
export const unknownErrorFailure: BackendFailure = Object.freeze({ kind: "transient" });
