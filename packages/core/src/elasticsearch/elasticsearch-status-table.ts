import type { BackendFailure } from "../backend/search-backend.js";
import { type StatusRow, statusRow } from "../backend-kit/status-table.js";

// What Elasticsearch and OpenSearch answers mean to core, as data (DESIGN.md section 2). The
// trap is the seed's 404 turned around: a 200 with no hits is "nothing matched"; a 404 is a
// missing index or alias, which is never "nothing matched".
//
// Error bodies have one shape on both engines (Elasticsearch's common options page, OpenSearch's
// REST API reference): {"error":{"root_cause":[...],"type":"<snake_case class>","reason":"..."},
// "status":N}. The `type` is the exception's class name in snake case with the engine's own
// prefix stripped (ElasticsearchException.getExceptionName; opensearch-project/OpenSearch
// server/src/main/java/org/opensearch/OpenSearchException.java getExceptionName),
// which is where the engines differ: Elasticsearch's EsRejectedExecutionException is
// "es_rejected_execution_exception"; OpenSearch's OpenSearchRejectedExecutionException is
// "rejected_execution_exception".

/** A row of the table: `match` holds the error's top-level `error.type`. First match wins. */
export type ElasticsearchErrorRow = StatusRow;

const searchApi =
  "https://www.elastic.co/guide/en/elasticsearch/reference/current/search-search.html";
const multiTarget =
  "https://www.elastic.co/guide/en/elasticsearch/reference/current/api-conventions.html (multi-target syntax: ignore_unavailable, allow_no_indices)";
const commonOptions = "https://elastic.co/docs/reference/elasticsearch/rest-apis/common-options";
const rejectedRequests = "https://elastic.co/docs/troubleshoot/elasticsearch/rejected-requests";
const closeIndex =
  "https://www.elastic.co/guide/en/elasticsearch/reference/current/indices-close.html";
const closedBlock =
  "elastic/elasticsearch MetadataIndexStateService.java (INDEX_CLOSED_BLOCK is RestStatus.FORBIDDEN)";
export const securityPrivileges =
  "https://www.elastic.co/guide/en/elasticsearch/reference/current/security-privileges.html";
const openSearchSecurity =
  "https://docs.opensearch.org/latest/security/access-control/authorization-basics/";
const awsSigningErrors =
  "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-troubleshooting.html (the endpoint's 403 messages)";
const paginate =
  "https://elastic.co/docs/reference/elasticsearch/rest-apis/paginate-search-results";

/**
 * Error answers (non-2xx), in order; the first row whose status and type match is the meaning.
 * Rows naming a type come before the status-only rows of the same status.
 */
export const elasticsearchErrorTable: readonly ElasticsearchErrorRow[] = Object.freeze([
  // A missing index, alias or pattern (we send allow_no_indices=false, so a pattern matching
  // nothing is this 404 too): a configuration gap or an alias swap, never "nothing matched".
  {
    status: 404,
    match: ["index_not_found_exception"],
    label: "index not found",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: multiTarget,
  },
  // An expired point in time or scroll: the walk restarts from page one.
  {
    status: 404,
    match: ["search_context_missing_exception"],
    label: "search context expired",
    meaning: { kind: "stale_continuation" },
    source: `${paginate} (keep_alive expired)`,
  },
  // Any other 404 (a proxy's, a wrong URL prefix): still not an empty answer.
  {
    status: 404,
    label: "index not found",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${searchApi} (only a 200 carries hits)`,
  },
  // A closed index named explicitly: 400 index_closed_exception (IndicesOptions forbid_closed_indices).
  {
    status: 400,
    match: ["index_closed_exception"],
    label: "index unavailable",
    meaning: { kind: "rebuilding" },
    source: `${closeIndex} (searching a closed index is an error)`,
  },
  // The index-closed block is RestStatus.FORBIDDEN (403); no-master and state-not-recovered
  // blocks are 503: either way the index cannot serve reads right now.
  {
    status: 403,
    match: ["cluster_block_exception"],
    label: "index unavailable",
    meaning: { kind: "rebuilding" },
    source: `${closeIndex}; ${closedBlock}`,
  },
  {
    status: 503,
    match: [
      "cluster_block_exception",
      "no_shard_available_action_exception",
      "search_phase_execution_exception",
      "unavailable_shards_exception",
      "master_not_discovered_exception",
      "cluster_manager_not_discovered_exception",
    ],
    label: "index unavailable",
    meaning: { kind: "rebuilding" },
    source: `${searchApi} (all shards failed: shards unassigned or recovering)`,
  },
  // Search thread pool queue full, or a circuit breaker: load shedding.
  {
    status: 429,
    label: "too many requests",
    meaning: { kind: "overloaded" },
    source: `${rejectedRequests} (es_rejected_execution_exception; OpenSearch: rejected_execution_exception)`,
  },
  {
    status: 401,
    label: "credentials refused",
    meaning: { kind: "unauthorized" },
    source: `${securityPrivileges} (401: missing or refused credentials)`,
  },
  // AWS refusing the signature itself (a wrong secret, an expired session token, a clock off by
  // more than 15 minutes): the credentials, not the index, so the app may refresh them.
  {
    status: 403,
    match: [
      "the request signature we calculated does not match",
      "the security token included in the request is invalid",
      "the security token included in the request is expired",
      "signature expired",
    ],
    label: "AWS credentials refused",
    meaning: { kind: "unauthorized" },
    source: awsSigningErrors,
  },
  // Only the engine's own security_exception says "this caller may not read it": a 403 from a
  // proxy in front says nothing about the caller's privileges, and omitting the collection for it
  // could turn an outage into "no matches".
  {
    status: 403,
    match: ["security_exception"],
    label: "not allowed",
    meaning: { kind: "forbidden" },
    source: `${securityPrivileges}; ${openSearchSecurity}`,
  },
  {
    status: 403,
    label: "request refused",
    meaning: { kind: "failed", cause: "rejected" },
    source: `${commonOptions} (error responses; a 403 that is not security_exception)`,
  },
  // Request timeout (408) from a proxy: try again.
  {
    status: 408,
    label: "server error",
    meaning: { kind: "transient" },
    source: "RFC 9110 section 15.5.9",
  },
  // Our request refused as sent (parsing_exception, illegal_argument_exception, a result window
  // past index.max_result_window): never retried, that collection is unavailable.
  {
    status: "4xx",
    label: "request refused",
    meaning: { kind: "failed", cause: "rejected" },
    source: `${commonOptions}; ${paginate} (from + size past index.max_result_window is a 400)`,
  },
  // 500, 502, 504 and any other 5xx: a node failed or a proxy timed out.
  {
    status: "5xx",
    label: "server error",
    meaning: { kind: "transient" },
    source: `${searchApi}; ${commonOptions}`,
  },
] satisfies ElasticsearchErrorRow[]);

/** The meaning of an error answer: the first matching row of `table`. */
export function errorMeaning(
  status: number,
  type: string | undefined,
  table: readonly ElasticsearchErrorRow[] = elasticsearchErrorTable,
): BackendFailure {
  // 1xx/3xx never reach here (the sender settles redirects); anything else is unexpected.
  return statusRow(table, status, { code: type })?.meaning ?? { kind: "failed", cause: "rejected" };
}

/** A 200 that is not a whole answer, and what it means; checked in order before the hits are read. */
export interface ElasticsearchPartialRow {
  signal: "no_shards" | "timed_out" | "shards_failed" | "clusters_skipped";
  meaning: BackendFailure;
  source: string;
}

/**
 * A 200 can be partial (allow_partial_search_results defaults to true): some shards failed, the
 * search hit its `timeout`, or a remote cluster was skipped. Its hits are never a complete page:
 * transient, so core tries again rather than report a partial answer as complete.
 */
export const elasticsearchPartialTable: readonly ElasticsearchPartialRow[] = Object.freeze([
  // No shard searched at all (a pattern matching no index when allow_no_indices is true, which
  // a proxy could force): nothing was searched, so this is not "nothing matched".
  {
    signal: "no_shards",
    meaning: { kind: "failed", cause: "misconfigured", reason: "no index searched (0 shards)" },
    source: `${multiTarget}; ${searchApi} (_shards.total)`,
  },
  {
    signal: "timed_out",
    meaning: { kind: "transient", reason: "partial answer: the search timed out" },
    source: `${searchApi} (timed_out: true returns the hits found so far)`,
  },
  {
    signal: "shards_failed",
    meaning: { kind: "transient", reason: "partial answer: shards failed" },
    source: `${searchApi} (_shards.failed; allow_partial_search_results defaults to true)`,
  },
  {
    signal: "clusters_skipped",
    meaning: { kind: "transient", reason: "partial answer: a remote cluster was skipped" },
    source:
      "https://www.elastic.co/guide/en/elasticsearch/reference/current/modules-cross-cluster-search.html (_clusters.skipped)",
  },
] satisfies ElasticsearchPartialRow[]);
