import type { StatusRow } from "../backend-kit/status-table.js";

// What Meilisearch answers a hybrid search it cannot run: every one a 400 of type
// `invalid_request` (meilisearch-types' error.rs, where each code names its HTTP status), and
// every one a setup mistake, so `failed`, never retried, and `unavailable` to the model — never an
// empty answer. The reason carries the code, which is the cause an operator needs.

const errorCodes = "https://www.meilisearch.com/docs/reference/errors/error_codes";

export const meilisearchSemanticRows: readonly StatusRow[] = Object.freeze([
  // The embedder named in `hybrid.embedder` is not in the index's `embedders` setting.
  {
    status: 400,
    match: ["invalid_search_embedder"],
    label: "embedder not set up",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${errorCodes}#invalid_search_embedder`,
  },
  // The query's vector is not as long as the embedder's `dimensions`.
  {
    status: 400,
    match: ["invalid_vector_dimensions"],
    label: "query vector dimensions differ from the embedder's",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${errorCodes}#invalid_vector_dimensions`,
  },
  {
    status: 400,
    match: [
      "invalid_search_vector",
      "invalid_search_hybrid_query",
      "invalid_search_semantic_ratio",
    ],
    label: "hybrid search refused",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${errorCodes}#invalid_search_vector`,
  },
  // The engine could not embed the query: its embedding provider refused or failed, or a
  // `userProvided` embedder got no `vector`. Meilisearch has already retried its provider.
  {
    status: 400,
    match: ["vector_embedding_error"],
    label: "the engine could not embed the query",
    meaning: { kind: "failed", cause: "rejected" },
    source: `${errorCodes}#vector_embedding_error`,
  },
  // Vector search is an experimental feature before v1.6: off, hybrid search is refused.
  {
    status: 400,
    match: ["feature_not_enabled"],
    label: "vector store not enabled",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${errorCodes}#feature_not_enabled`,
  },
]);
