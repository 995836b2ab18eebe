import type { BackendFailure } from "../backend/search-backend.js";

// A hit's offset past this is a continuation no walk of 6 pages of 100 could have made.
const maxOffset = 10_000;

/** The continuation of the page after `offset` in this index build. */
export function formatContinuation(build: string, offset: number): string {
  return `${build}:${offset}`;
}

/** Page one, or the offset a continuation of this same index names; another index's is stale. */
export function parseContinuation(
  continuation: string | undefined,
  build: string,
): number | BackendFailure {
  if (continuation === undefined) return 0;
  const match = /^([0-9a-f]*):(\d{1,6})$/.exec(continuation);
  const offset = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(offset) || offset > maxOffset) {
    return { kind: "failed", cause: "rejected", reason: "continuation not issued by this backend" };
  }
  if (match[1] !== build) {
    return { kind: "stale_continuation", reason: "the index was rebuilt during the walk" };
  }
  return offset;
}
