import type { BackendFailure } from "@search-docs/core";

/**
 * What an HTTP status on a retriever's thrown error means (the clients of vector store SDKs —
 * OpenAI, Pinecone, Chroma, Elasticsearch, Qdrant — throw errors carrying `status`,
 * `statusCode` or `response.status`). The one place those codes mean anything here; a status not
 * listed falls back by class below. Cites: RFC 9110 (HTTP Semantics) and RFC 6585.
 */
export const retrieverStatusTable: Readonly<Record<number, BackendFailure>> = Object.freeze({
  // RFC 9110 §15.5.2 401 Unauthorized: the store refused the app's key; the app must act.
  401: { kind: "unauthorized" },
  // RFC 9110 §15.5.4 403 Forbidden: this collection is not readable with that key.
  403: { kind: "forbidden" },
  // RFC 9110 §15.5.5 404 Not Found: the index/collection/table does not exist — never "no match".
  404: { kind: "failed", cause: "misconfigured" },
  // RFC 9110 §15.5.9 408 Request Timeout: the store gave up waiting; worth another attempt.
  408: { kind: "transient" },
  // RFC 9110 §15.5.14 413 Content Too Large: the query itself was refused.
  413: { kind: "failed", cause: "rejected" },
  // RFC 6585 §4 429 Too Many Requests: back off (Retry-After when given).
  429: { kind: "overloaded" },
});

/** A 5xx not in the table: RFC 9110 §15.6 "the server is aware that it has erred" — retry later. */
export const serverErrorFailure: BackendFailure = Object.freeze({ kind: "transient" });
/** A 4xx not in the table: RFC 9110 §15.5 "the client seems to have erred" — retrying cannot help. */
export const clientErrorFailure: BackendFailure = Object.freeze({
  kind: "failed",
  cause: "rejected",
});
/** No status at all (a network error, a driver error, a bug): assume the moment, not the setup. */
export const unknownErrorFailure: BackendFailure = Object.freeze({ kind: "transient" });
