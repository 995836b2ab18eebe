import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { refuseOption } from "../backend-kit/backend-options.js";
import { isFailure } from "../backend-kit/malformed.js";
import {
  dimensionsOption,
  embedQuery,
  type QueryEmbed,
  queryEmbedOption,
} from "../backend-kit/query-vector.js";
import { openSearchSemanticBody, searchPipelineParameter } from "./opensearch-semantic-body.js";
import { filtered, scopeFilters } from "./semantic-scope.js";

// The semantic first stage of an Elasticsearch or OpenSearch index, configured by the app:
//
// - `knn` on a `dense_vector` field: the query's vector from the app's `embed` (`query_vector`),
//   or from a model deployed in the cluster (`query_vector_builder.text_embedding.model_id`)
//   (Elasticsearch "k-nearest neighbor (kNN) search",
//   https://www.elastic.co/guide/en/elasticsearch/reference/current/knn-search.html);
//   OpenSearch's `knn` query with the app's vector, or its `neural` query with a model id
//   (opensearch-semantic-body.ts).
// - `semantic` on a `semantic_text` field: the cluster embeds the query with the field's inference
//   endpoint (Elasticsearch "Semantic query",
//   https://www.elastic.co/guide/en/elasticsearch/reference/current/query-dsl-semantic-query.html).
// - `hybrid`: the lexical query and the semantic one fused by the `rrf` retriever (Elasticsearch
//   8.14+, "Retrievers", https://www.elastic.co/guide/en/elasticsearch/reference/current/retriever.html);
//   in OpenSearch, a `hybrid` query fused by the search pipeline the app names (`searchPipeline`).
//
// The page (from, size), `_source`, the highlight that gives each hit its passage and the engine's
// timeout are the lexical body's, unchanged; so are the caller's credentials and index, and the
// lexical query's filters, which every vector clause takes as its own (semantic-scope.ts).

export type ElasticsearchSemanticOptions =
  | {
      query: "knn";
      /** The `dense_vector` (OpenSearch: `knn_vector`) field. */
      field: string;
      /** The query's vector from the app; or `modelId`, a text embedding model in the cluster. */
      embed?: QueryEmbed;
      modelId?: string;
      /** Nearest neighbours per shard (`k`, at least the page's end). Default 50. */
      k?: number;
      /** Candidates per shard (`num_candidates`, Elasticsearch). Default 100. */
      numCandidates?: number;
      /**
       * Fuse with the lexical query: Elasticsearch's RRF retriever, or OpenSearch's `hybrid` query
       * through `searchPipeline`. Default false: vectors alone.
       */
      hybrid?: boolean;
      /**
       * OpenSearch, with `hybrid`: the search pipeline the app created to fuse the two
       * (a `normalization-processor`, or from 2.19 a `score-ranker-processor`), sent as
       * `?search_pipeline=`. Required there; Elasticsearch has none.
       */
      searchPipeline?: string;
      /** The field's `dims`: a vector of another length is refused before it is sent. */
      dimensions?: number;
    }
  | {
      query: "semantic";
      /** The `semantic_text` field (Elasticsearch 8.15+). */
      field: string;
      /** Fuse with the lexical query by RRF. Default false. */
      hybrid?: boolean;
    };

/** The search body with the semantic stage, from the lexical one; or what went wrong. */
export type SemanticBody = (
  lexical: object,
  query: string,
  attempt: BackendAttempt,
) => Promise<object | BackendFailure>;

/** What a semantic search sends: its body, and what its Search API URL adds (`&name=value`). */
export interface SemanticStage {
  body: SemanticBody;
  parameters: string;
}

/** The option checked for `flavor`; the stage it makes, or undefined for lexical search alone. */
export function elasticsearchSemantic(
  backend: string,
  flavor: "elasticsearch" | "opensearch",
  options: ElasticsearchSemanticOptions | undefined,
): SemanticStage | undefined {
  if (options === undefined) return undefined;
  const refuse = (option: string, message: string): never =>
    refuseOption(backend, `semantic.${option}`, `semantic.${option} ${message}`);
  if (typeof options !== "object" || (options.query !== "knn" && options.query !== "semantic")) {
    refuse("query", 'must be "knn" or "semantic"');
  }
  if (typeof options.field !== "string" || options.field.trim() === "") {
    refuse("field", "must name the vector or semantic_text field");
  }
  const hybrid = options.hybrid ?? false;
  if (typeof hybrid !== "boolean") refuse("hybrid", "must be true or false");
  const pipeline = searchPipelineOption(
    flavor,
    hybrid,
    options as { searchPipeline?: unknown },
    refuse,
  );
  const parameters = searchPipelineParameter(pipeline);
  if (options.query === "semantic") {
    if (flavor === "opensearch") refuse("query", '"semantic" (semantic_text) is Elasticsearch\'s');
    const { field } = options;
    const body: SemanticBody = async (lexicalBody, query) => {
      const lexical = lexicalBody as Readonly<Record<string, unknown>>;
      const clause = filtered({ semantic: { field, query } }, scopeFilters(lexical.query));
      return hybrid
        ? fused(lexical, { standard: { query: clause } }, 0)
        : { ...lexical, query: clause };
    };
    return { body, parameters };
  }
  const { field, modelId, k = 50, numCandidates = 100 } = options;
  const embed = queryEmbedOption(backend, "semantic.embed", options.embed);
  if ((embed === undefined) === (modelId === undefined)) {
    refuse("embed", "or semantic.modelId: exactly one says where the query's vector comes from");
  }
  if (modelId !== undefined && (typeof modelId !== "string" || modelId.trim() === "")) {
    refuse("modelId", "must name a model deployed in the cluster");
  }
  if (!Number.isInteger(k) || k < 1 || k > 10_000)
    refuse("k", "must be a whole number from 1 to 10000");
  if (!Number.isInteger(numCandidates) || numCandidates < 1 || numCandidates > 10_000) {
    refuse("numCandidates", "must be a whole number from 1 to 10000");
  }
  const dimensions = dimensionsOption(backend, "semantic.dimensions", options.dimensions);
  const body: SemanticBody = async (lexicalBody, query, attempt) => {
    const lexical = lexicalBody as Readonly<Record<string, unknown>>;
    const vector =
      embed === undefined ? undefined : await embedQuery(embed, query, attempt, dimensions);
    if (vector !== undefined && isFailure(vector)) return vector;
    // Every hit of the page must be among the k nearest: k reaches at least the page's end.
    const end = Number(lexical.from ?? 0) + Number(lexical.size ?? 0);
    const nearest = Math.max(k, end);
    if (flavor === "opensearch") {
      return openSearchSemanticBody(lexical, { field, vector, modelId, query, nearest }, hybrid);
    }
    const filters = scopeFilters(lexical.query);
    const knn = {
      field,
      ...(vector === undefined
        ? { query_vector_builder: { text_embedding: { model_id: modelId, model_text: query } } }
        : { query_vector: vector }),
      k: nearest,
      num_candidates: Math.max(numCandidates, nearest),
      // knn's own filter: a top-level knn is not under the body's query, so only this scopes it.
      ...(filters.length === 0 ? {} : { filter: filters }),
    };
    if (hybrid) return fused(lexical, { knn }, nearest);
    const { query: _lexicalQuery, ...rest } = lexical;
    return { ...rest, knn };
  };
  return { body, parameters };
}

/** `searchPipeline`: OpenSearch's hybrid needs one, and nothing else takes one. */
function searchPipelineOption(
  flavor: "elasticsearch" | "opensearch",
  hybrid: boolean,
  options: { searchPipeline?: unknown },
  refuse: (option: string, message: string) => never,
): string | undefined {
  const pipeline = options.searchPipeline;
  if (pipeline === undefined) {
    // A hybrid query without a pipeline is not refused by OpenSearch: it answers its sub-queries'
    // raw, unfused results (neural-search issue #1011), which would read as a ranked page.
    if (flavor === "opensearch" && hybrid) {
      refuse(
        "searchPipeline",
        "must name the search pipeline that fuses OpenSearch's hybrid query",
      );
    }
    return undefined;
  }
  if (flavor !== "opensearch")
    refuse("searchPipeline", "is OpenSearch's; Elasticsearch fuses by RRF");
  if (!hybrid) refuse("searchPipeline", "fuses a hybrid query: set semantic.hybrid too");
  if (typeof pipeline !== "string" || !/^[^\s,*]+$/.test(pipeline)) {
    refuse("searchPipeline", "must be a search pipeline's name");
  }
  return pipeline;
}

/**
 * The lexical query and `semantic` (a retriever) fused by RRF. The lexical body's `query` moves
 * into a `standard` retriever (a body with `retriever` may not have one); the window covers the
 * page's end, so every hit of the page was ranked by both.
 */
function fused(
  lexical: Readonly<Record<string, unknown>>,
  semantic: object,
  window: number,
): object {
  const { query, track_total_hits: _counted, ...rest } = lexical;
  const end = Number(lexical.from ?? 0) + Number(lexical.size ?? 0);
  return {
    ...rest,
    retriever: {
      rrf: {
        retrievers: [{ standard: { query } }, semantic],
        rank_window_size: Math.max(window, end),
      },
    },
  };
}
