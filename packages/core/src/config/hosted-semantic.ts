import type { MeilisearchSemanticOptions } from "../meilisearch/meilisearch-hybrid.js";
import type { TypesenseSemanticOptions } from "../typesense/typesense-semantic.js";
import { refuse } from "./config-checks.js";
import type { ReadValue } from "./engine-entry.js";

// A semantic first stage the engine runs on its own, configured from the environment: the query
// is embedded by the engine (a Meilisearch embedder that calls its model, a Typesense
// auto-embedding field), so no app code is needed. An embedder that needs the app's vectors
// (Meilisearch userProvided, a Typesense float[] field) takes an `embed` function: app code only
// (docs/semantic-search.md). Unset, search is by words, as before.

export const meilisearchSemanticVariables = [
  {
    name: "SEARCH_DOCS_MEILISEARCH_EMBEDDER",
    description:
      "an embedder of the index (its embedders setting) that embeds queries itself: searches become hybrid (unset: words only)",
  },
  {
    name: "SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO",
    description:
      "with SEARCH_DOCS_MEILISEARCH_EMBEDDER, 0 (words only) to 1 (meaning only); default Meilisearch's 0.5",
  },
];

export const typesenseSemanticVariables = [
  {
    name: "SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD",
    description:
      "an auto-embedding field of the collections: searches become hybrid, Typesense embedding the query (unset: words only)",
  },
];

/** Meilisearch's `semantic` option from the environment, when an embedder is named. */
export function meilisearchSemanticOf(value: ReadValue): {
  semantic?: MeilisearchSemanticOptions;
} {
  const embedder = value("SEARCH_DOCS_MEILISEARCH_EMBEDDER");
  const ratio = value("SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO");
  if (embedder === "") {
    if (ratio !== "") {
      refuse(
        "SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO",
        "SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO needs SEARCH_DOCS_MEILISEARCH_EMBEDDER",
      );
    }
    return {};
  }
  const semanticRatio = ratio === "" ? undefined : Number(ratio);
  if (semanticRatio !== undefined && !(semanticRatio >= 0 && semanticRatio <= 1)) {
    refuse(
      "SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO",
      "SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO must be a number from 0 to 1",
    );
  }
  return { semantic: { embedder, ...(semanticRatio === undefined ? {} : { semanticRatio }) } };
}

/** Typesense's `semantic` option from the environment, when an auto-embedding field is named. */
export function typesenseSemanticOf(value: ReadValue): { semantic?: TypesenseSemanticOptions } {
  const field = value("SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD");
  return field === "" ? {} : { semantic: { field } };
}
