import type { StatusRow } from "../backend-kit/status-table.js";
import { meilisearchSemanticRows } from "./meilisearch-semantic-rows.js";

// What Meilisearch's answers mean to core, as data (DESIGN.md section 2). Every error body is
// {"message", "code", "type", "link"}; the `code` is stable and documented, the message is not
// ("Branch on that code rather than on the human-readable message"), so rows match the code.
//
// One code needs the credential's story: 403 `invalid_api_key` is what Meilisearch answers for a
// key that does not exist, a tenant token that expired or is forged, AND a key or token that may
// not read this index. Read as "forbidden", an expired token would omit the index and turn into
// `no_matches`. So the row says `unauthorized`, and the backend refines it only where it knows:
// a token it minted is refused a covered index → still unauthorized (the parent key or its uid
// is wrong); a token whose own (unverified) claims are unexpired and do not name the index →
// forbidden, before anything is sent when it minted the token.

/** A row of Meilisearch's table: `match` holds the error's `code`. */
export type MeilisearchErrorRow = StatusRow;

const errorCodes = "https://www.meilisearch.com/docs/reference/errors/error_codes";
const statusCodes = "https://www.meilisearch.com/docs/reference/errors/overview (status codes)";
const tenantTokens = "https://www.meilisearch.com/docs/learn/security/tenant_token_reference";

export const meilisearchErrorTable: readonly MeilisearchErrorRow[] = Object.freeze([
  {
    status: 401,
    match: ["missing_authorization_header"],
    label: "credentials refused",
    meaning: { kind: "unauthorized" },
    source: `${errorCodes}#missing_authorization_header`,
  },
  {
    status: 401,
    label: "credentials refused",
    meaning: { kind: "unauthorized" },
    source: statusCodes,
  },
  // Expired, forged, unknown or out of scope: see above. Never forbidden from this row alone.
  {
    status: 403,
    match: ["invalid_api_key"],
    label: "credentials refused",
    meaning: { kind: "unauthorized" },
    source: `${errorCodes}#invalid_api_key; ${tenantTokens}`,
  },
  {
    status: 403,
    label: "credentials refused",
    meaning: { kind: "unauthorized" },
    source: statusCodes,
  },
  {
    status: 404,
    match: ["index_not_found"],
    label: "index or filter not set up",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${errorCodes}#index_not_found`,
  },
  {
    status: 404,
    label: "index or filter not set up",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: statusCodes,
  },
  // Filtering on an attribute missing from filterableAttributes: the index settings, not the user.
  {
    status: 400,
    match: ["invalid_search_filter"],
    label: "index or filter not set up",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${errorCodes}#invalid_search_filter`,
  },
  // A search queue full: `Retry-After` says when to come back.
  {
    status: 503,
    match: ["too_many_search_requests"],
    label: "too many requests",
    meaning: { kind: "overloaded" },
    source: `${errorCodes}#too_many_search_requests`,
  },
  { status: 429, label: "too many requests", meaning: { kind: "overloaded" }, source: statusCodes },
  ...meilisearchSemanticRows,
  {
    status: "4xx",
    label: "request refused",
    meaning: { kind: "failed", cause: "rejected" },
    source: statusCodes,
  },
  {
    status: "5xx",
    label: "server error",
    meaning: { kind: "transient" },
    source: `${statusCodes} (internal, system errors)`,
  },
]);
