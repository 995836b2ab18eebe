import type { EngineError, Flavor } from "./fake-elasticsearch-errors.js";
import {
  type FakeVectorField,
  filteredSemantic,
  knn,
  query,
  type Ranked,
  Refused,
  refuse,
  shardFailure,
  type VectorMapping,
} from "./fake-elasticsearch-knn.js";
import type { FakeRecord } from "./fake-elasticsearch-search.js";
import { type FakeSearchPipeline, hybridRanking, matching } from "./fake-opensearch-hybrid.js";

// The fake cluster's semantic searches, as the engines document them:
// - Elasticsearch top-level `knn` (`field`, `query_vector` or `query_vector_builder.text_embedding`
//   {model_id, model_text}, `k`, `num_candidates`), "k-nearest neighbor (kNN) search",
//   https://www.elastic.co/guide/en/elasticsearch/reference/current/knn-search.html; a cosine
//   `dense_vector` scores (1 + cosine) / 2.
// - the `semantic` query on a `semantic_text` field, embedded by the field's inference endpoint,
//   https://www.elastic.co/guide/en/elasticsearch/reference/current/query-dsl-semantic-query.html.
// - the `rrf` retriever over a `standard` retriever (the lexical query) and a `knn` or `standard`
//   one: score = Σ 1 / (rank_constant 60 + rank), `rank_window_size` per retriever, and a body
//   with `retriever` may not also carry `query`,
//   https://www.elastic.co/guide/en/elasticsearch/reference/current/retriever.html; RRF refused
//   with 403 security_exception "current license is non-compliant for [Reciprocal Rank Fusion
//   (RRF)]" where the license lacks it.
// - OpenSearch's `knn` query ({field: {vector, k}}) and `neural` query ({field: {query_text,
//   model_id, k}}), https://docs.opensearch.org/latest/query-dsl/specialized/k-nn/.
// Errors are the engines' messages: "field [x] does not exist in the mapping", "[knn] queries are
// only supported on [dense_vector] fields", "The query vector has a different number of dimensions
// [n] than the document vectors [m].", "Field [x] of type [t] is not supported for [semantic]
// queries", OpenSearch's "Field 'x' is not knn_vector type." and "Query vector has invalid
// dimension: n. Dimension should be: m", each wrapped as a 400 search_phase_execution_exception
// (all shards failed). Hits carry the passage field's start as their highlight (no_match_size):
// the fake does not mark terms in semantic answers. A vector clause's `filter`, and a `bool`
// whose one `must` is a semantic query, search only the records their filters match.
// OpenSearch's `hybrid` query and search pipelines: fake-opensearch-hybrid.ts.

export type { FakeVectorField };

export interface FakeVectorOptions extends VectorMapping {
  flavor: Flavor;
  /** False: the license lacks RRF. Default true. */
  rrfLicensed: boolean;
  /** The lexical `query`'s record ids, best first, at most `size`; or its error. */
  lexicalIds(query: unknown, size: number): string[] | EngineError;
  /** OpenSearch: the request's `search_pipeline` (null: none), the cluster's pipelines. */
  pipeline: string | null;
  pipelines: Readonly<Record<string, FakeSearchPipeline>>;
  /** False: an OpenSearch before 2.19 (no hybrid `pagination_depth`). */
  paginationDepth: boolean;
  /** True: the cluster wraps a hybrid query (fake-opensearch-hybrid.ts). */
  wrapsHybrid: boolean;
}

/** Whether `json` asks for a semantic search this module answers. */
export function isVectorBody(json: unknown): boolean {
  if (typeof json !== "object" || json === null) return false;
  const body = json as Record<string, unknown>;
  const query = body.query as Record<string, unknown> | undefined;
  return (
    body.knn !== undefined ||
    body.retriever !== undefined ||
    (typeof query === "object" &&
      query !== null &&
      (query.semantic !== undefined ||
        query.knn !== undefined ||
        query.neural !== undefined ||
        query.hybrid !== undefined ||
        filteredSemantic(query) !== undefined))
  );
}

/** The answer to a semantic search body over `records`. */
export function vectorSearch(
  json: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: FakeVectorOptions,
): EngineError {
  options = { ...options, filterRecords: (filter, kept) => matching(filter, kept, options) };
  try {
    const from = Number(json.from ?? 0);
    const size = Number(json.size ?? 10);
    const asked = json.query as Record<string, unknown> | undefined;
    const ranked =
      asked?.hybrid !== undefined && options.flavor === "opensearch"
        ? hybridRanking(
            asked.hybrid as Record<string, unknown>,
            { from, size },
            options.pipeline,
            records,
            options,
          )
        : rank(json, records, options, from + size);
    const highlight = Object.entries(
      ((json.highlight as { fields?: Record<string, { no_match_size?: number }> } | undefined)
        ?.fields ?? {}) as Record<string, { no_match_size?: number }>,
    );
    const source = Array.isArray(json._source) ? (json._source as string[]) : undefined;
    const hits = ranked.slice(from, from + size).map(({ record, score }) => {
      const fragments = Object.fromEntries(
        highlight
          .filter(
            ([field, spec]) =>
              typeof record.source[field] === "string" && (spec.no_match_size ?? 0) > 0,
          )
          .map(([field, spec]) => [
            field,
            [String(record.source[field]).slice(0, spec.no_match_size)],
          ]),
      );
      return {
        _index: record.index,
        _id: record.id,
        _score: score,
        _source:
          source === undefined
            ? record.source
            : Object.fromEntries(
                source.filter((f) => f in record.source).map((f) => [f, record.source[f]]),
              ),
        ...(Object.keys(fragments).length === 0 ? {} : { highlight: fragments }),
      };
    });
    return {
      status: 200,
      body: {
        took: 1,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: {
          total: { value: ranked.length, relation: "eq" },
          max_score: ranked[0]?.score ?? null,
          hits,
        },
      },
    };
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
}

function rank(
  json: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: FakeVectorOptions,
  end: number,
): Ranked {
  if (json.retriever !== undefined) {
    if (json.query !== undefined) {
      refuse({
        status: 400,
        body: {
          error: {
            root_cause: [],
            type: "illegal_argument_exception",
            reason: "cannot specify [retriever] and [query]",
          },
          status: 400,
        },
      });
    }
    return retrieve(json.retriever as Record<string, unknown>, records, options, end);
  }
  if (json.knn !== undefined) return knn(json.knn as Record<string, unknown>, records, options);
  return query(json.query as Record<string, unknown>, records, options);
}

function retrieve(
  retriever: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: FakeVectorOptions,
  end: number,
): Ranked {
  if (retriever.knn !== undefined)
    return knn(retriever.knn as Record<string, unknown>, records, options);
  const standard = retriever.standard as { query?: Record<string, unknown> } | undefined;
  if (standard !== undefined) {
    const lexical = standard.query ?? {};
    if (lexical.semantic !== undefined || filteredSemantic(lexical) !== undefined) {
      return query(lexical, records, options);
    }
    const ids = options.lexicalIds(lexical, Math.max(end, 1));
    if (!Array.isArray(ids)) refuse(ids);
    return ids.flatMap((id, position) => {
      const record = records.find((candidate) => candidate.id === id);
      return record === undefined ? [] : [{ record, score: 1 / (position + 1) }];
    });
  }
  const rrf = retriever.rrf as { retrievers?: unknown[]; rank_window_size?: number } | undefined;
  if (rrf === undefined || !Array.isArray(rrf.retrievers)) {
    refuse({
      status: 400,
      body: {
        error: { root_cause: [], type: "parsing_exception", reason: "unknown retriever" },
        status: 400,
      },
    });
  }
  if (!options.rrfLicensed) {
    const reason = "current license is non-compliant for [Reciprocal Rank Fusion (RRF)]";
    const cause = {
      type: "security_exception",
      reason,
      "license.expired.feature": "Reciprocal Rank Fusion (RRF)",
    };
    refuse({ status: 403, body: { error: { root_cause: [cause], ...cause }, status: 403 } });
  }
  const window = rrf.rank_window_size ?? end;
  if (end > window) {
    refuse(
      shardFailure(
        `[rank] requires [rank_window_size: ${window}] be greater than or equal to [size: ${end}]`,
      ),
    );
  }
  const fused = new Map<FakeRecord, number>();
  for (const child of rrf.retrievers) {
    const ranking = retrieve(child as Record<string, unknown>, records, options, window).slice(
      0,
      window,
    );
    for (const [position, { record }] of ranking.entries()) {
      fused.set(record, (fused.get(record) ?? 0) + 1 / (60 + position + 1));
    }
  }
  return [...fused].map(([record, score]) => ({ record, score })).sort((a, b) => b.score - a.score);
}
