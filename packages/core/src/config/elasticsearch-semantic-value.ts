import type { ElasticsearchSemanticOptions } from "../elasticsearch/elasticsearch-semantic.js";
import { refuse } from "./config-checks.js";
import type { ReadValue } from "./engine-entry.js";

// The semantic first stages of an Elasticsearch or OpenSearch cluster that need no app code, from
// the environment: the cluster embeds the query itself — a `semantic_text` field's inference
// endpoint (Elasticsearch), or a text embedding model deployed in the cluster (`knn` with
// `query_vector_builder` in Elasticsearch, the `neural` query in OpenSearch). A field searched
// with the app's own vectors takes an `embed` function: app code only (docs/semantic-search.md).
// Unset, search is by words, as before. Every mistake is refused at start, naming the variable.

type Flavor = "elasticsearch" | "opensearch";

/** The semantic variables of the `flavor` engine, for the registry and `--help`. */
export function elasticsearchSemanticVariables(flavor: Flavor, prefix: string) {
  return [
    ...(flavor === "elasticsearch"
      ? [
          {
            name: `${prefix}_SEMANTIC_FIELD`,
            description:
              "a semantic_text field of the indices: searches become semantic, the field's inference endpoint embedding the query (unset: words only)",
          },
        ]
      : []),
    {
      name: `${prefix}_KNN_FIELD`,
      description: `a vector field of the indices (${flavor === "elasticsearch" ? "dense_vector" : "knn_vector"}), searched with ${prefix}_MODEL_ID embedding the query`,
    },
    {
      name: `${prefix}_MODEL_ID`,
      description: `with ${prefix}_KNN_FIELD, a text embedding model deployed in the cluster (${flavor === "elasticsearch" ? "knn query_vector_builder" : "the neural query"})`,
    },
    {
      name: `${prefix}_HYBRID`,
      description:
        flavor === "elasticsearch"
          ? "`true`: fuse the semantic search with the words' by RRF (the rrf retriever, 8.14+); default `false`"
          : `\`true\`: fuse it with the words' in a hybrid query, through ${prefix}_SEARCH_PIPELINE; default \`false\``,
    },
    ...(flavor === "opensearch"
      ? [
          {
            name: `${prefix}_SEARCH_PIPELINE`,
            description:
              "with HYBRID=true, the search pipeline you created to fuse it (a normalization-processor, or from 2.19 a score-ranker-processor)",
          },
        ]
      : []),
  ];
}

/** The backend's `semantic` option from the environment, when a field is named. */
export function elasticsearchSemanticValue(
  value: ReadValue,
  flavor: Flavor,
  prefix: string,
): { semantic?: ElasticsearchSemanticOptions } {
  const names = {
    semantic: `${prefix}_SEMANTIC_FIELD`,
    knn: `${prefix}_KNN_FIELD`,
    model: `${prefix}_MODEL_ID`,
    hybrid: `${prefix}_HYBRID`,
    pipeline: `${prefix}_SEARCH_PIPELINE`,
  };
  const semanticField = value(names.semantic);
  const knnField = value(names.knn);
  const modelId = value(names.model);
  const hybridText = value(names.hybrid).toLowerCase();
  const pipeline = value(names.pipeline);
  if (semanticField !== "" && flavor === "opensearch") {
    refuse(names.semantic, `${names.semantic}: semantic_text is Elasticsearch's field type`);
  }
  if (semanticField !== "" && knnField !== "") {
    refuse(names.semantic, `${names.semantic} and ${names.knn} are both set: set one field`);
  }
  if (knnField !== "" && modelId === "") {
    refuse(
      names.model,
      `${names.knn} needs ${names.model}, a model in the cluster that embeds the query (vectors from the app's own embedder are app code: docs/semantic-search.md)`,
    );
  }
  if (modelId !== "" && knnField === "") {
    refuse(names.model, `${names.model} needs ${names.knn}, the vector field it searches`);
  }
  if (hybridText !== "" && hybridText !== "true" && hybridText !== "false") {
    refuse(names.hybrid, `${names.hybrid} must be true or false`);
  }
  const hybrid = hybridText === "true";
  if (pipeline !== "" && flavor === "elasticsearch") {
    refuse(names.pipeline, `${names.pipeline} is OpenSearch's; Elasticsearch fuses by RRF`);
  }
  if (pipeline !== "" && !hybrid) {
    refuse(names.pipeline, `${names.pipeline} fuses a hybrid search: set ${names.hybrid}=true`);
  }
  if (semanticField === "" && knnField === "") {
    if (hybrid) refuse(names.hybrid, `${names.hybrid} needs a field to search by meaning`);
    return {};
  }
  if (hybrid && flavor === "opensearch" && pipeline === "") {
    refuse(
      names.pipeline,
      `${names.hybrid}=true needs ${names.pipeline}: OpenSearch fuses a hybrid query only through a search pipeline`,
    );
  }
  if (semanticField !== "") {
    return { semantic: { query: "semantic", field: semanticField, hybrid } };
  }
  return {
    semantic: {
      query: "knn",
      field: knnField,
      modelId,
      hybrid,
      ...(pipeline === "" ? {} : { searchPipeline: pipeline }),
    },
  };
}
