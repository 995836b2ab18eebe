import type { EngineError } from "./fake-elasticsearch-errors.js";
import { clause, type Ranked, refuse, shardFailure } from "./fake-elasticsearch-knn.js";
import type { FakeRecord } from "./fake-elasticsearch-search.js";

// OpenSearch's `hybrid` query and the search pipelines that fuse it, as its reference documents:
// - "Hybrid query", https://docs.opensearch.org/latest/query-dsl/compound/hybrid/: `queries`, one
//   to 5 sub-queries, each scored on its own ("Number of sub-queries exceeds maximum supported by
//   [hybrid] query", a 400 parsing_exception, neural-search HybridQueryBuilder); any other key is
//   "[hybrid] query does not support [key]" — `pagination_depth` too before 2.19.
// - "Paginating hybrid query results" (2.19),
//   https://docs.opensearch.org/latest/vector-search/ai-search/hybrid-search/pagination/: each
//   sub-query contributes its best `pagination_depth` results (`from + size` without it), and a
//   request with `from` above 0 must carry it ("pagination_depth is missing in the search request").
// - the pipeline named by `?search_pipeline=`: a `normalization-processor`
//   (https://docs.opensearch.org/latest/search-plugins/search-pipelines/normalization-processor/):
//   min_max per sub-query, then arithmetic_mean, a sub-query that did not return a document
//   adding nothing for it; or a `score-ranker-processor` with `rrf`, Σ 1 / (rank_constant 60 +
//   rank) (https://docs.opensearch.org/latest/search-plugins/search-pipelines/score-ranker-processor/).
//   An undefined pipeline is refused before the search runs: 400 illegal_argument_exception
//   "Pipeline <id> is not defined" (OpenSearch SearchPipelineService.resolvePipeline).
// - `knn` and `neural` sub-queries with a `filter` search only the records it matches (efficient
//   filtering, https://docs.opensearch.org/latest/query-dsl/specialized/k-nn/).

/** How a search pipeline of the fake cluster fuses a hybrid query's sub-queries. */
export type FakeSearchPipeline = "min_max" | "rrf";

export interface FakeHybridOptions {
  /** The pipelines the app created, by name. */
  pipelines: Readonly<Record<string, FakeSearchPipeline>>;
  /** False: a cluster before 2.19, whose hybrid query has no `pagination_depth`. Default true. */
  paginationDepth: boolean;
  /**
   * True: the cluster wraps the hybrid query in a bool of its own and then refuses it — an alias
   * with a filter before 2.14 (neural-search issue #627), or document-level security before the
   * security plugin's hybrid support (security pull #6416).
   */
  wrapsHybrid: boolean;
  /** The lexical `query`'s record ids, best first, at most `size`; or its error. */
  lexicalIds(query: unknown, size: number): string[] | EngineError;
  fields: Parameters<typeof clause>[2]["fields"];
  models: Parameters<typeof clause>[2]["models"];
}

/** The pipeline's refusal when the request names one the cluster lacks; undefined otherwise. */
export function pipelineMissing(
  name: string | null,
  pipelines: Readonly<Record<string, FakeSearchPipeline>>,
): EngineError | undefined {
  if (name === null || Object.hasOwn(pipelines, name)) return undefined;
  const cause = { type: "illegal_argument_exception", reason: `Pipeline ${name} is not defined` };
  return { status: 400, body: { error: { root_cause: [cause], ...cause }, status: 400 } };
}

/** The fused ranking of a `hybrid` query, through `pipeline`. */
export function hybridRanking(
  hybrid: Record<string, unknown>,
  page: { from: number; size: number },
  pipeline: string | null,
  records: readonly FakeRecord[],
  options: FakeHybridOptions,
): Ranked {
  const queries = hybrid.queries;
  if (!Array.isArray(queries) || queries.length === 0) {
    refuse(parsing("[hybrid] requires 'queries' field with at least one clause"));
  }
  if (queries.length > 5) {
    refuse(parsing("Number of sub-queries exceeds maximum supported by [hybrid] query"));
  }
  for (const key of Object.keys(hybrid)) {
    if (key !== "queries" && !(key === "pagination_depth" && options.paginationDepth)) {
      refuse(parsing(`[hybrid] query does not support [${key}]`));
    }
  }
  if (options.wrapsHybrid) {
    refuse(
      shardFailure(
        "hybrid query must be a top level query and cannot be wrapped into other queries",
      ),
    );
  }
  const depthValue = hybrid.pagination_depth;
  if (page.from > 0 && depthValue === undefined) {
    refuse(shardFailure("pagination_depth is missing in the search request"));
  }
  const depth = depthValue === undefined ? page.from + page.size : Number(depthValue);
  const rankings = queries.map((query) =>
    subQuery(query as Record<string, unknown>, records, options, depth).slice(0, depth),
  );
  // Without a pipeline OpenSearch answers its sub-queries' raw, unfused results (neural-search
  // issue #1011), a format the fake does not reproduce: the backend never sends that.
  if (pipeline === null)
    refuse(shardFailure("the fake fuses a hybrid query only through a pipeline"));
  const fused = new Map<FakeRecord, number>();
  const technique = options.pipelines[pipeline];
  for (const ranking of rankings) {
    const scores = ranking.map(({ score }) => score);
    const [low, high] = [Math.min(...scores), Math.max(...scores)];
    for (const [position, { record, score }] of ranking.entries()) {
      const part =
        technique === "rrf"
          ? 1 / (60 + position + 1)
          : (high === low ? 1 : (score - low) / (high - low)) / rankings.length;
      fused.set(record, (fused.get(record) ?? 0) + part);
    }
  }
  return [...fused]
    .map(([record, score]) => ({ record, score }))
    .sort((a, b) => b.score - a.score || (a.record.id < b.record.id ? -1 : 1));
}

function subQuery(
  query: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: FakeHybridOptions,
  depth: number,
): Ranked {
  if (query.hybrid !== undefined) {
    refuse(
      shardFailure(
        "hybrid query must be a top level query and cannot be wrapped into other queries",
      ),
    );
  }
  if (query.knn !== undefined || query.neural !== undefined) {
    return clause(query, records, {
      ...options,
      filterRecords: (filter, kept) => matching(filter, kept, options),
    });
  }
  const ids = options.lexicalIds(query, Math.max(depth, 1));
  if (!Array.isArray(ids)) refuse(ids);
  return ids.flatMap((id, position) => {
    const record = records.find((candidate) => candidate.id === id);
    return record === undefined ? [] : [{ record, score: 1 / (position + 1) }];
  });
}

/** The records a filter query matches, by the fake's own lexical search. */
export function matching(
  filter: unknown,
  records: readonly FakeRecord[],
  options: Pick<FakeHybridOptions, "lexicalIds">,
): FakeRecord[] {
  const ids = options.lexicalIds({ bool: { filter: [filter] } }, Math.max(records.length, 1));
  if (!Array.isArray(ids)) refuse(ids);
  const kept = new Set(ids);
  return records.filter((record) => kept.has(record.id));
}

function parsing(reason: string): EngineError {
  const cause = { type: "parsing_exception", reason };
  return { status: 400, body: { error: { root_cause: [cause], ...cause }, status: 400 } };
}
