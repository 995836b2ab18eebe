import type { BackendFailure } from "../backend/search-backend.js";
import { failureWith, type StatusRow, statusRow } from "../backend-kit/status-table.js";

// What the engines answer a semantic search they cannot run. Their error `type` is a generic
// wrapper (400 `search_phase_execution_exception`, "all shards failed"), so the rows match a
// phrase of the causes' reasons, and the trace gets the row's label — the cause — never the
// reason itself (it can echo names). Each is a setup mistake: `failed`, never retried,
// `unavailable` to the model. The 403 row matters most: Elasticsearch refuses RRF under a license
// that lacks it with a 403 `security_exception`, which the status table reads as "this caller may
// not read the index" — omitted, and so `no_matches` — unless this row says otherwise first.
// OpenSearch's hybrid search adds two: the search pipeline the request names is not defined, and
// a cluster before 2.19 that cannot page a hybrid query.

const knnQueryBuilder =
  "elastic/elasticsearch KnnVectorQueryBuilder.doToQuery ([knn] queries are only supported on [dense_vector] fields; field [x] does not exist in the mapping)";
const denseVector =
  "elastic/elasticsearch DenseVectorFieldMapper.checkDimensions (The query vector has a different number of dimensions [n] than the document vectors [m].)";
const semanticQuery =
  "https://www.elastic.co/guide/en/elasticsearch/reference/current/query-dsl-semantic-query.html (a field that is not semantic_text)";
const licensing =
  "https://www.elastic.co/subscriptions (RRF by subscription level; a non-compliant license is a 403 security_exception)";
const openSearchKnn =
  "https://docs.opensearch.org/latest/query-dsl/specialized/k-nn/ (the k-NN plugin's query on a field that is not knn_vector, or a vector of another dimension)";

const searchPipeline =
  'https://docs.opensearch.org/latest/search-plugins/search-pipelines/using-search-pipeline/ (opensearch-project/OpenSearch SearchPipelineService: "Pipeline <id> is not defined", a 400 illegal_argument_exception)';
const hybridPagination =
  'https://docs.opensearch.org/latest/vector-search/ai-search/hybrid-search/pagination/ (pagination_depth from 2.19; before it, neural-search HybridQueryBuilder: "[hybrid] query does not support [pagination_depth]")';

const wrappedHybrid =
  'opensearch-project/neural-search HybridQueryPhaseSearcher ("hybrid query must be a top level query and cannot be wrapped into other queries"); an alias with a filter before 2.14 (neural-search issues/627, pull/670), document-level security before the security plugin\'s hybrid support (security pull/6416)';

export const elasticsearchSemanticRows: readonly StatusRow[] = Object.freeze([
  {
    status: 400,
    match: ["queries are only supported on [dense_vector] fields", "is not knn_vector type"],
    label: "the knn field is not a vector field",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${knnQueryBuilder}; ${openSearchKnn}`,
  },
  {
    status: 400,
    match: ["does not exist in the mapping"],
    label: "the knn field is not in the mapping",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: knnQueryBuilder,
  },
  {
    status: 400,
    match: ["has a different number of dimensions", "query vector has invalid dimension"],
    label: "query vector dimensions differ from the field's",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${denseVector}; ${openSearchKnn}`,
  },
  {
    status: 400,
    match: ["is not supported for [semantic] queries"],
    label: "the field is not a semantic_text field",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: semanticQuery,
  },
  {
    // The app's pipeline name, mistyped or not created on this cluster: never a page, never
    // "nothing matched". Only the search pipeline (semantic.searchPipeline) is sent by name.
    status: 400,
    match: ["is not defined"],
    label: "the search pipeline is not defined",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: searchPipeline,
  },
  {
    status: 400,
    match: ["query does not support [pagination_depth]"],
    label: "the cluster's hybrid query predates pagination_depth (OpenSearch 2.19)",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: hybridPagination,
  },
  {
    // The cluster put the hybrid query under a bool of its own: an alias's filter on an
    // OpenSearch before 2.14, or the caller's document-level security before the security
    // plugin kept hybrid queries on top. The user's scope is why: never "nothing matched".
    status: 400,
    match: ["must be a top level query and cannot be wrapped"],
    label:
      "the cluster cannot run a hybrid query under this alias's filter or this user's document-level security",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: wrappedHybrid,
  },
  {
    status: 403,
    match: ["current license is non-compliant"],
    label: "the cluster's license does not include this search (RRF)",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: licensing,
  },
]);

/**
 * A semantic search's own failure, when a row names the answer's causes; undefined otherwise
 * (the backend's status table then reads it as any other answer).
 */
export function semanticFailure(answer: {
  status: number;
  text: string;
}): BackendFailure | undefined {
  const message = causesOf(answer.text);
  if (message === undefined) return undefined;
  const row = statusRow(elasticsearchSemanticRows, answer.status, { message });
  return row === undefined
    ? undefined
    : failureWith(row.meaning, `HTTP ${answer.status} ${row.label}`, undefined);
}

/** The error's reasons (its own, its root causes', what caused it), for matching only. */
function causesOf(text: string): string | undefined {
  if (!text.startsWith("{") || text.length > 16 * 1024) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const reasons: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (typeof value !== "object" || value === null || depth > 4) return;
    const error = value as { reason?: unknown; root_cause?: unknown; caused_by?: unknown };
    if (typeof error.reason === "string") reasons.push(error.reason);
    if (Array.isArray(error.root_cause))
      for (const cause of error.root_cause) walk(cause, depth + 1);
    walk(error.caused_by, depth + 1);
  };
  walk((body as { error?: unknown }).error, 0);
  return reasons.length === 0 ? undefined : reasons.join("\n");
}
