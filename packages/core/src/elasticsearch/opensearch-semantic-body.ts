import { filterClause, scopeFilters } from "./semantic-scope.js";

// OpenSearch's semantic search bodies:
//
// - the k-NN plugin's `knn` query with the app's vector, or the neural-search plugin's `neural`
//   query with a model deployed in the cluster, in place of the lexical query
//   (https://docs.opensearch.org/latest/query-dsl/specialized/k-nn/, .../specialized/neural/);
// - `hybrid`: the lexical query and that vector clause as the two sub-queries of a `hybrid`
//   query, fused by the search pipeline the app created and the request names
//   (`?search_pipeline=`): a `normalization-processor` (min_max or l2, then arithmetic_mean and
//   the like; https://docs.opensearch.org/latest/search-plugins/search-pipelines/normalization-processor/)
//   or, from 2.19, a `score-ranker-processor` with `rrf`
//   (https://docs.opensearch.org/latest/search-plugins/search-pipelines/score-ranker-processor/).
//   The hybrid query must be the body's top-level query and holds at most 5 sub-queries
//   (https://docs.opensearch.org/latest/query-dsl/compound/hybrid/); we send 2.
//
// `pagination_depth` (2.19+, https://docs.opensearch.org/latest/vector-search/ai-search/hybrid-search/pagination/)
// is sent on every page, the same value while a walk stays within k: a hybrid query with `from`
// above 0 must carry it, and the docs ask for one value across pages, since it decides which
// results each sub-query contributes before fusion (page one without it would fuse `from + size`
// per sub-query, page two `pagination_depth`: their orders could disagree).
//
// Each vector clause takes the lexical query's filters as its own `filter` (semantic-scope.ts):
// the lexical sub-query keeps its `bool` as it is, so a scoped search stays scoped in both halves.

export interface OpenSearchVector {
  field: string;
  /** The app's vector, or undefined: the cluster embeds `query` with `modelId`. */
  vector: number[] | undefined;
  modelId: string | undefined;
  query: string;
  /** k, which reaches the page's end (and is the hybrid's pagination depth). */
  nearest: number;
}

/** The body: the vector clause alone, or fused with the lexical query when `hybrid`. */
export function openSearchSemanticBody(
  lexical: Readonly<Record<string, unknown>>,
  vector: OpenSearchVector,
  hybrid: boolean,
): object {
  const filter = filterClause(scopeFilters(lexical.query));
  const clause = vectorClause(vector, filter);
  if (!hybrid) return { ...lexical, query: clause };
  return {
    ...lexical,
    query: {
      hybrid: { queries: [lexical.query, clause], pagination_depth: vector.nearest },
    },
  };
}

function vectorClause(
  { field, vector, modelId, query, nearest }: OpenSearchVector,
  filter: object | undefined,
): object {
  const scope = filter === undefined ? {} : { filter };
  return vector === undefined
    ? { neural: { [field]: { query_text: query, model_id: modelId, k: nearest, ...scope } } }
    : { knn: { [field]: { vector, k: nearest, ...scope } } };
}

/** The Search API's query string for the app's pipeline: `&search_pipeline=<name>`, or "". */
export function searchPipelineParameter(pipeline: string | undefined): string {
  return pipeline === undefined ? "" : `&search_pipeline=${encodeURIComponent(pipeline)}`;
}
