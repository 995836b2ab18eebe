import type { BackendFailure, BackendHit } from "../backend/search-backend.js";
import type { RawRecord } from "../backend-kit/record-layout.js";
import {
  type ElasticsearchPartialRow,
  elasticsearchPartialTable,
} from "./elasticsearch-status-table.js";
import type { SearchHit, SearchResponse } from "./elasticsearch-wire.js";

// What a 200 from the Search API says beyond its hits: whether it is whole, how many matched,
// and each hit's passage and score (Elasticsearch "Search API > Response body").

/** A partial answer's failure (no shards, timed out, failed shards, skipped clusters), else undefined. */
export function partialAnswer(response: SearchResponse): BackendFailure | undefined {
  const signals: Record<ElasticsearchPartialRow["signal"], boolean> = {
    no_shards: response._shards.total === 0,
    timed_out: response.timed_out,
    shards_failed: response._shards.failed > 0,
    clusters_skipped:
      (response._clusters?.skipped ?? 0) > 0 ||
      (response._clusters?.partial ?? 0) > 0 ||
      (response._clusters?.failed ?? 0) > 0,
  };
  return elasticsearchPartialTable.find((row) => signals[row.signal])?.meaning;
}

/** The engine's count of matches (0 when it sent none). */
export function totalOf(response: SearchResponse): number {
  const total = response.hits.total;
  if (total === undefined) return 0;
  return typeof total === "number" ? total : total.value;
}

/** More past `end`, by the engine's count; without one, a full page may have more. */
export function hasMore(response: SearchResponse, end: number, size: number): boolean {
  if (response.hits.total === undefined) return response.hits.hits.length === size;
  return totalOf(response) > end;
}

/**
 * A hit read by `read` (a layout's), its passage the highlight of `passageField` and its score
 * the engine's; a hit sorted without a score ranks by its position `rank` in the walk. The record
 * is the hit's `_source` with its `_id`, for a layout whose document id is the engine's. A string
 * says what is wrong.
 */
export function readHit(
  hit: SearchHit,
  rank: number,
  passageField: string,
  read: (record: RawRecord, passage: string, score: number) => BackendHit | string,
): BackendHit | string {
  const fragments = hit.highlight?.[passageField];
  if (
    fragments !== undefined &&
    (!Array.isArray(fragments) || typeof (fragments[0] ?? "") !== "string")
  ) {
    return `hit ${rank + 1} has a highlight that is not a list of strings`;
  }
  const passage: string = fragments?.[0] ?? "";
  // Higher is better.
  const score = typeof hit._score === "number" ? hit._score : 1 / (rank + 1);
  return read(recordOf(hit), passage, score);
}

/** A hit's `_source`, with its `_id` beside it (a `_source` never holds one: a metadata field). */
export function recordOf(hit: SearchHit): RawRecord {
  const source = hit._source ?? {};
  return hit._id === undefined ? source : { ...source, _id: hit._id };
}
