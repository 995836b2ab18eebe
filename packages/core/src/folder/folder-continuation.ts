import type { BackendFailure } from "../backend/search-backend.js";
import { isFailure } from "../backend-kit/malformed.js";
import { nextOffset, readOffset } from "../backend-kit/offset-continuation.js";

// A hit's offset past this is a continuation no walk of 6 pages of 100 could have made.
const maxOffset = 10_000;

/**
 * The continuation of the page after `count` hits at `offset` in this index build: the kit's
 * offset continuation behind the build id, so a walk across a rebuild is told it is stale
 * (an offset alone would silently skip or repeat hits). Undefined past the deepest offset.
 */
export function formatContinuation(
  build: string,
  offset: number,
  count: number,
): string | undefined {
  const next = nextOffset(offset, count, maxOffset + 1);
  return next === undefined ? undefined : `${build}:${next}`;
}

/** Page one, or the offset a continuation of this same index names; another index's is stale. */
export function parseContinuation(
  continuation: string | undefined,
  build: string,
): number | BackendFailure {
  if (continuation === undefined) return 0;
  const match = /^([0-9a-f]*):(\d{1,6})$/.exec(continuation);
  if (match === null) {
    return { kind: "failed", cause: "rejected", reason: "continuation not issued by this backend" };
  }
  const offset = readOffset(match[2] ?? "", maxOffset + 1);
  if (isFailure(offset)) return offset;
  if (match[1] !== build) {
    return { kind: "stale_continuation", reason: "the index was rebuilt during the walk" };
  }
  return offset;
}
