// The lexical query's filters, carried into the vector clause that replaces or joins it.
//
// A user's scope reaches the engine three ways: the index or alias the area names (in the URL,
// untouched by the semantic stage), the caller's own credentials (document-level security, applied
// by the engine to every query), and any filter clause of the lexical query itself. The third is
// the one a vector clause can lose: a `knn` or `neural` clause searches the whole index unless the
// filter is its own `filter` parameter (Elasticsearch "kNN search" > filtered kNN search,
// https://www.elastic.co/guide/en/elasticsearch/reference/current/knn-search.html; OpenSearch
// "k-NN query" `filter` and "Neural query" `filter`,
// https://docs.opensearch.org/latest/query-dsl/specialized/k-nn/ and .../neural/), and a hybrid
// sub-query is scored on its own (https://docs.opensearch.org/latest/query-dsl/compound/hybrid/).
// So every vector clause we build takes the lexical query's filters as its own.

/**
 * The `bool.filter` clauses of a lexical query, looking inside the `function_score` that
 * `prefer: "recent"` wraps it in; empty when it has none.
 */
export function scopeFilters(query: unknown): readonly object[] {
  const bool = boolOf(query);
  if (bool === undefined) return [];
  const filter = bool.filter;
  if (Array.isArray(filter)) return filter.filter(isObject);
  return isObject(filter) ? [filter] : [];
}

/**
 * The one query a vector clause's `filter` takes (a single query object in both engines): the
 * filter itself, several joined in a `bool`; undefined when there is none.
 */
export function filterClause(filters: readonly object[]): object | undefined {
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { bool: { filter: filters } };
}

/** `clause` with the filters applied as a filter (no effect on its score); itself without any. */
export function filtered(clause: object, filters: readonly object[]): object {
  return filters.length === 0 ? clause : { bool: { must: [clause], filter: filters } };
}

function boolOf(query: unknown): Record<string, unknown> | undefined {
  if (!isObject(query)) return undefined;
  const record = query as Record<string, unknown>;
  if (isObject(record.bool)) return record.bool as Record<string, unknown>;
  const scored = record.function_score as { query?: unknown } | undefined;
  return isObject(scored) ? boolOf(scored.query) : undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
