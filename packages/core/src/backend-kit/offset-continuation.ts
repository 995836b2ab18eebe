import type { BackendFailure } from "../backend/search-backend.js";

/**
 * The continuation of an engine paged by offset: the next page's first position, in decimal.
 * Page one (undefined) is 0; anything else that is not an offset below `window` (the engine's
 * deepest readable position: `index.max_result_window`, `paginationLimitedTo`, `maxTotalHits`)
 * is refused, never read as page one.
 */
export function readOffset(
  continuation: string | undefined,
  window = Number.MAX_SAFE_INTEGER,
): number | BackendFailure {
  if (continuation === undefined) return 0;
  const offset = /^\d{1,9}$/.test(continuation) ? Number(continuation) : window;
  if (offset >= window) {
    return { kind: "failed", cause: "rejected", reason: "continuation is not an offset" };
  }
  return offset;
}

/** The continuation after a page of `count` hits at `offset`: undefined at or past `window`. */
export function nextOffset(offset: number, count: number, window: number): string | undefined {
  const end = offset + count;
  return end < window ? String(end) : undefined;
}
