import type { BackendFailure } from "../backend/search-backend.js";

// What Algolia's search answers mean to core, as data (DESIGN.md section 2). Algolia's error
// body is {"message": "...", "status": N}: no error code, so where one status covers two cases
// (403: a bad key or an index the key may not read; 400: an expired secured key or a bad
// parameter) the message tells them apart, and only these fixed phrases of it are read.

export interface AlgoliaErrorRow {
  /** An exact status, or "5xx" for the rest of the class. */
  status: number | "5xx";
  /** A phrase the message contains (case-insensitive); absent = any message. */
  messageIncludes?: string;
  meaning: BackendFailure;
  /** The Algolia page the row comes from. */
  source: string;
}

const restApi = "https://www.algolia.com/doc/rest-api/search/ (Errors: 4xx client, 5xx server)";
const securedKey =
  "https://www.algolia.com/doc/guides/security/api-keys/how-to/user-restricted-access-to-data/ (secured API keys, validUntil)";
const retryStrategy =
  "https://www.algolia.com/doc/guides/scaling/servers-clusters/ (retry strategy: DSN host, then -1/-2/-3.algolianet.com on 5xx and network errors)";
const rateLimits =
  "https://support.algolia.com/hc/en-us/articles/4406981829777 (429 Too Many Requests: per-key maxQueriesPerIPPerHour)";

/** Error answers, in order; the first row whose status and message match is the meaning. */
export const algoliaErrorTable: readonly AlgoliaErrorRow[] = Object.freeze([
  // A secured key past its validUntil: Algolia says 400, but it is the caller's credential that
  // ran out: never "nothing matched", never a bad request of ours.
  {
    status: 400,
    messageIncludes: "validUntil",
    meaning: { kind: "unauthorized" },
    source: securedKey,
  },
  {
    status: 400,
    messageIncludes: "expired",
    meaning: { kind: "unauthorized" },
    source: securedKey,
  },
  { status: 400, meaning: { kind: "failed", cause: "rejected" }, source: restApi },
  // "Index not allowed with this API key": the key may not read this index (restrictIndices or
  // the key's own index list). The backend that minted the key refines this: an index inside
  // its restrictions refused means the parent key's list is wrong (misconfigured).
  {
    status: 403,
    messageIncludes: "Index not allowed",
    meaning: { kind: "forbidden" },
    source: securedKey,
  },
  // "Invalid Application-ID or API key", "Method not allowed with this API key", an invalid
  // secured key: the credential itself is refused.
  { status: 403, meaning: { kind: "unauthorized" }, source: restApi },
  { status: 401, meaning: { kind: "unauthorized" }, source: restApi },
  // "Index does not exist" (or "Index X does not exist"): a configuration gap, never "nothing matched".
  { status: 404, meaning: { kind: "failed", cause: "misconfigured" }, source: restApi },
  { status: 429, meaning: { kind: "overloaded" }, source: rateLimits },
  { status: "5xx", meaning: { kind: "transient" }, source: retryStrategy },
]);

/** A non-2xx answer's meaning: the table's row, else a rejected request. */
export function algoliaErrorMeaning(status: number, message: string | undefined): BackendFailure {
  const lowered = message?.toLowerCase();
  const row = algoliaErrorTable.find(
    (candidate) =>
      (candidate.status === status ||
        (candidate.status === "5xx" && status >= 500 && status <= 599)) &&
      (candidate.messageIncludes === undefined ||
        lowered?.includes(candidate.messageIncludes.toLowerCase()) === true),
  );
  return row?.meaning ?? { kind: "failed", cause: "rejected" };
}
