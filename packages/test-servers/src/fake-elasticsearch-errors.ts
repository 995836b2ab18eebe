// The engines' error answers, as their references document them, for the fake server.
//
// Shape (Elasticsearch "Common options" > response errors, https://elastic.co/docs/reference/
// elasticsearch/rest-apis/common-options; OpenSearch answers the same object):
//   {"error":{"root_cause":[{"type":T,"reason":R,...}],"type":T,"reason":R,...},"status":N}
// `type` is the exception class in snake case with the engine's prefix stripped
// (ElasticsearchException.getExceptionName; OpenSearchException.getExceptionName), hence
// es_rejected_execution_exception on Elasticsearch and rejected_execution_exception on OpenSearch.

export type Flavor = "elasticsearch" | "opensearch";

export interface EngineError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** OpenSearch's security plugin answers a 401 with plain text, not the error object. */
  text?: string;
}

interface Cause {
  type: string;
  reason: string;
  [extra: string]: unknown;
}

function errorOf(
  status: number,
  cause: Cause,
  rootCauses: readonly Cause[] = [cause],
): EngineError {
  return { status, body: { error: { root_cause: rootCauses, ...cause }, status } };
}

/** 404: "no such index [x]" (ignore_unavailable=false, or a pattern with allow_no_indices=false). */
export function indexNotFound(index: string): EngineError {
  return errorOf(404, {
    type: "index_not_found_exception",
    reason: `no such index [${index}]`,
    "resource.type": "index_or_alias",
    "resource.id": index,
    index_uuid: "_na_",
    index,
  });
}

/** 400: a closed index named explicitly (forbid_closed_indices; Close index API). */
export function indexClosed(index: string): EngineError {
  return errorOf(400, {
    type: "index_closed_exception",
    reason: "closed",
    index_uuid: "aBcDeFgHiJkLmNoPqRsTuV",
    index,
  });
}

/** 403: an index with `index.blocks.read` (ClusterBlock 7, RestStatus.FORBIDDEN). */
export function readBlocked(index: string): EngineError {
  return errorOf(403, {
    type: "cluster_block_exception",
    reason: `index [${index}] blocked by: [FORBIDDEN/7/index read (api)];`,
  });
}

/** 503: no master / state not recovered (a cluster-level block). */
export function clusterUnavailable(flavor: Flavor): EngineError {
  return errorOf(503, {
    type: "cluster_block_exception",
    reason:
      flavor === "opensearch"
        ? "blocked by: [SERVICE_UNAVAILABLE/2/no cluster-manager];"
        : "blocked by: [SERVICE_UNAVAILABLE/2/no master];",
  });
}

/** 503: every shard of the target is unassigned or recovering ("all shards failed"). */
export function allShardsFailed(): EngineError {
  return errorOf(
    503,
    {
      type: "search_phase_execution_exception",
      reason: "all shards failed",
      phase: "query",
      grouped: true,
      failed_shards: [],
    },
    [],
  );
}

/** 503: the primary is not active yet. */
export function noShardAvailable(index: string): EngineError {
  return errorOf(503, {
    type: "no_shard_available_action_exception",
    reason: `[${index}][0] no shard available`,
  });
}

/** 429: the search thread pool's queue is full ("Rejected requests"). */
export function rejectedExecution(flavor: Flavor, retryAfterSeconds?: number): EngineError {
  const type =
    flavor === "opensearch" ? "rejected_execution_exception" : "es_rejected_execution_exception";
  const error = errorOf(429, {
    type,
    reason:
      "rejected execution of TimedRunnable on QueueResizingEsThreadPoolExecutor[name = node-1/search, queue capacity = 1000]",
  });
  return retryAfterSeconds === undefined
    ? error
    : { ...error, headers: { "retry-after": String(retryAfterSeconds) } };
}

/** 401: no credentials, or credentials the realm refused. */
export function unauthenticated(flavor: Flavor, present: boolean): EngineError {
  if (flavor === "opensearch") {
    // The security plugin's HTTP authenticator answers in plain text.
    return { status: 401, body: undefined, text: "Unauthorized" };
  }
  return {
    ...errorOf(401, {
      type: "security_exception",
      reason: present
        ? "unable to authenticate with provided credentials and anonymous access is not allowed for this request"
        : "missing authentication credentials for REST request [/_search]",
      header: { "WWW-Authenticate": ['Basic realm="security" charset="UTF-8"', "ApiKey"] },
    }),
    headers: { "www-authenticate": 'ApiKey, Basic realm="security" charset="UTF-8"' },
  };
}

/** 403: the user may not read this index ("Security privileges"; OpenSearch "Authorization basics"). */
export function unauthorizedFor(flavor: Flavor, user: string, index: string): EngineError {
  return errorOf(403, {
    type: "security_exception",
    reason:
      flavor === "opensearch"
        ? `no permissions for [indices:data/read/search] and User [name=${user}, backend_roles=[], requestedTenant=null]`
        : `action [indices:data/read/search] is unauthorized for user [${user}] with effective roles [reader] on indices [${index}], this action is granted by the index privileges [read,all]`,
  });
}

/** 400: a body the parser does not know, as the engine's x-content parser says it. */
export function parsingError(reason: string): EngineError {
  return errorOf(400, { type: "parsing_exception", reason, line: 1, col: 1 });
}

/**
 * 400: a highlighted field longer than index.highlight.max_analyzed_offset (1,000,000 by
 * default) and no smaller request limit ("Highlighting" > max_analyzed_offset; "Index modules").
 */
export function highlightTooLong(
  field: string,
  id: string,
  index: string,
  limit: number,
): EngineError {
  const cause = {
    type: "illegal_argument_exception",
    reason: `The length [${limit + 1}] of field [${field}] in doc[${id}]/index[${index}] exceeds the [index.highlight.max_analyzed_offset] limit [${limit}]. To avoid this error, set the query parameter [max_analyzed_offset] to a value less than index setting [${limit}] and this will tolerate long field values by truncating them.`,
  };
  return errorOf(400, {
    type: "search_phase_execution_exception",
    reason: "all shards failed",
    phase: "fetch",
    grouped: true,
    caused_by: cause,
  });
}

/** 400: from + size past index.max_result_window ("Paginate search results"). */
export function resultWindowTooLarge(window: number, asked: number): EngineError {
  const cause = {
    type: "illegal_argument_exception",
    reason: `Result window is too large, from + size must be less than or equal to: [${window}] but was [${asked}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
  };
  return errorOf(
    400,
    {
      type: "search_phase_execution_exception",
      reason: "all shards failed",
      phase: "query",
      grouped: true,
      caused_by: cause,
    },
    [cause],
  );
}

/** 400: query_string syntax that does not parse (what a plain match query can never cause). */
export function queryStringParseError(index: string, query: string): EngineError {
  const cause = {
    type: "query_shard_exception",
    reason: `Failed to parse query [${query}]`,
    index,
  };
  return errorOf(
    400,
    { type: "search_phase_execution_exception", reason: "all shards failed", phase: "query" },
    [cause],
  );
}

/** Any documented error, for faults the table names by status and type. */
export function engineError(status: number, type: string, reason: string): EngineError {
  return errorOf(status, { type, reason });
}
