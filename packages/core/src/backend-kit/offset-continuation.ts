import type { BackendFailure, PageRequest } from "../backend/search-backend.js";

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

/**
 * Where a page read by offset starts and how many hits to ask for: the caller's page size,
 * within core's page limit and what is left of the engine's `window` (no request reads past it).
 */
export function offsetPage(
  request: Pick<PageRequest, "continuation" | "pageSize">,
  attempt: { readonly limits: { readonly pageItems: number } },
  window = Number.MAX_SAFE_INTEGER,
): { offset: number; size: number } | BackendFailure {
  const offset = readOffset(request.continuation, window);
  if (typeof offset !== "number") return offset;
  return { offset, size: Math.min(request.pageSize, attempt.limits.pageItems, window - offset) };
}
