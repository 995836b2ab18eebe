import type { BackendFailure, BackendHit } from "../backend/search-backend.js";
import type { RecordLayout } from "../backend-kit/record-layout.js";
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
 * A hit read by the layout, its passage the body's highlight and its score the engine's; a hit
 * sorted without a score ranks by its position `rank` in the walk. A string says what is wrong.
 */
export function readHit(hit: SearchHit, layout: RecordLayout, rank: number): BackendHit | string {
  const fragments = hit.highlight?.[layout.passageField];
  if (
    fragments !== undefined &&
    (!Array.isArray(fragments) || typeof (fragments[0] ?? "") !== "string")
  ) {
    return `hit ${rank + 1} has a highlight that is not a list of strings`;
  }
  const passage: string = fragments?.[0] ?? "";
  // Higher is better.
  const score = typeof hit._score === "number" ? hit._score : 1 / (rank + 1);
  return layout.readHit(hit._source ?? {}, passage, score);
}
