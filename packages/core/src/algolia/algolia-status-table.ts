import type { StatusRow } from "../backend-kit/status-table.js";

// What Algolia's search answers mean to core, as data (DESIGN.md section 2). Algolia's error
// body is {"message": "...", "status": N}: no error code, so where one status covers two cases
// (403: a bad key or an index the key may not read; 400: an expired secured key or a bad
// parameter) the message tells them apart, and only these fixed phrases of it are read.

/** A row of Algolia's table: `match` holds phrases of the message (no error code exists). */
export type AlgoliaErrorRow = StatusRow;

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
    match: ["validUntil", "expired"],
    meaning: { kind: "unauthorized" },
    label: "the key was refused or has expired",
    source: securedKey,
  },
  {
    status: 400,
    meaning: { kind: "failed", cause: "rejected" },
    label: "request refused",
    source: restApi,
  },
  // "Index not allowed with this API key": the key may not read this index (restrictIndices or
  // the key's own index list). The backend that minted the key refines this: an index inside
  // its restrictions refused means the parent key's list is wrong (misconfigured).
  {
    status: 403,
    match: ["Index not allowed"],
    meaning: { kind: "forbidden" },
    label: "index not allowed with this key",
    source: securedKey,
  },
  // "Invalid Application-ID or API key", "Method not allowed with this API key", an invalid
  // secured key: the credential itself is refused.
  {
    status: 403,
    meaning: { kind: "unauthorized" },
    label: "the key was refused or has expired",
    source: restApi,
  },
  {
    status: 401,
    meaning: { kind: "unauthorized" },
    label: "the key was refused or has expired",
    source: restApi,
  },
  // "Index does not exist" (or "Index X does not exist"): a configuration gap, never "nothing matched".
  {
    status: 404,
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "index does not exist",
    source: restApi,
  },
  { status: 429, meaning: { kind: "overloaded" }, label: "too many requests", source: rateLimits },
  { status: "5xx", meaning: { kind: "transient" }, label: "server error", source: retryStrategy },
  {
    status: "4xx",
    meaning: { kind: "failed", cause: "rejected" },
    label: "request refused",
    source: restApi,
  },
]);

/**
 * The parent key's own index list refuses an index the minted key's restrictIndices allow:
 * the app's configuration, not this user (the minting backend's refinement of the 403 row).
 */
export const parentKeyRefusedRow: AlgoliaErrorRow = Object.freeze<AlgoliaErrorRow>({
  status: 403,
  match: ["Index not allowed"],
  meaning: { kind: "failed", cause: "misconfigured" },
  label: "parent key may not read the index",
  source: securedKey,
});
