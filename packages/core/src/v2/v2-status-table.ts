import type { BackendFailure } from "../backend/search-backend.js";
import { failureWith, labelOf, type StatusRow, statusRow } from "../backend-kit/status-table.js";

const v2Api = "DESIGN.md section 2, The v2 backend";
const retryAfter = "RFC 9110 section 10.2.3 (Retry-After)";

// Anything else: that collection is unavailable, never retried.
const unexpected: StatusRow = {
  status: "xxx",
  meaning: { kind: "failed", cause: "rejected" },
  label: "unexpected status {status}",
  source: v2Api,
};

/**
 * What a v2 status means (DESIGN.md section 2, "The v2 backend"): the one place HTTP codes mean
 * anything for the seed's API. The answers (404 on a search, 400 on a cursor) the backend reads
 * itself; here, the failures. Retry-After counts on 409, 429 and 503 only.
 */
export const v2StatusTable: readonly StatusRow[] = Object.freeze([
  /** Refused as sent; with a cursor, the collection changed under the walk (read by the backend). */
  {
    status: 400,
    meaning: { kind: "failed", cause: "rejected" },
    label: "bad request (400)",
    source: v2Api,
  },
  {
    status: 401,
    meaning: { kind: "unauthorized" },
    label: "unauthorized (401): the caller's credentials were refused",
    source: v2Api,
  },
  { status: 403, meaning: { kind: "forbidden" }, label: "forbidden (403)", source: v2Api },
  // Only a document read gets here (a search reads 404 as no_match itself).
  {
    status: 404,
    meaning: { kind: "failed", cause: "rejected" },
    label: "not found (404)",
    source: v2Api,
  },
  // The collection is being reindexed (~90 s after each docs deploy): waited within its budget.
  { status: 409, meaning: { kind: "rebuilding" }, label: "reindexing (409)", source: v2Api },
  {
    status: 429,
    meaning: { kind: "overloaded" },
    label: "load shedding (429)",
    source: `${v2Api}; ${retryAfter}`,
  },
  {
    status: 408,
    meaning: { kind: "transient" },
    label: "timed out (408)",
    source: v2Api,
    retryAfter: false,
  },
  {
    status: 503,
    meaning: { kind: "transient" },
    label: "server error (503)",
    source: `${v2Api}; ${retryAfter}`,
  },
  ...[500, 502, 504].map((status) => ({
    status,
    meaning: { kind: "transient" } as const,
    label: "server error ({status})",
    source: v2Api,
    retryAfter: false as const,
  })),
  unexpected,
]);

/** A non-2xx status as a backend failure, by the table; `Retry-After` read at `epochMs`. */
export function v2Failure(
  status: number,
  headers: Headers,
  { epochMs }: { epochMs: number },
): BackendFailure {
  const row = statusRow(v2StatusTable, status) ?? unexpected;
  return failureWith(
    row.meaning,
    labelOf(row, status),
    row.retryAfter === false ? undefined : { headers, epochMs },
  );
}
