import type { BackendFailure } from "../backend/search-backend.js";
import { parseRetryAfter } from "./parse-retry-after.js";

/**
 * One row of a backend's status table: what one kind of engine answer means to core (DESIGN.md
 * section 2). Every engine's table is a list of these, read by `statusRow`, first match wins.
 */
export interface StatusRow {
  /**
   * The engine's status: an HTTP status (503), a SQLSTATE ("55P03"), or a class of them where
   * each `x` stands for any character ("5xx", "08xxx").
   */
  readonly status: number | string;
  /**
   * What the answer must also carry, any of: an error code or type, equal (Elasticsearch's
   * `index_not_found_exception`, Meilisearch's `invalid_api_key`), or a phrase its message
   * contains, in any case (Algolia's "Index not allowed"). Absent: any answer of that status.
   */
  readonly match?: readonly string[];
  readonly meaning: BackendFailure;
  /**
   * Fixed words for the trace's reason ("too many requests"; `{status}` stands for the status):
   * never the engine's own message.
   */
  readonly label: string;
  /** False where the engine's `Retry-After` on this answer means nothing; read otherwise. */
  readonly retryAfter?: false;
  /** The engine reference page the row comes from. */
  readonly source: string;
}

/** What an answer carries beside its status, for the rows' `match`. */
export interface StatusDetail {
  /** A code or type the engine documents as stable. */
  code?: string | undefined;
  /** Free text: matched by phrase, never put in a reason (it can echo the query or a name). */
  message?: string | undefined;
}

/** The first row of `table` for this status and detail, or undefined when none is. */
export function statusRow<Row extends StatusRow>(
  table: readonly Row[],
  status: number | string,
  { code, message }: StatusDetail = {},
): Row | undefined {
  const said = String(status);
  const lowered = message?.toLowerCase();
  return table.find(
    (row) =>
      statusMatches(String(row.status), said) &&
      (row.match === undefined ||
        row.match.some(
          (expected) => expected === code || lowered?.includes(expected.toLowerCase()) === true,
        )),
  );
}

function statusMatches(pattern: string, status: string): boolean {
  if (pattern.length !== status.length) return false;
  for (let index = 0; index < pattern.length; index++) {
    if (pattern[index] !== "x" && pattern[index] !== status[index]) return false;
  }
  return true;
}

/** Meanings core waits on: the engine's Retry-After counts for these. */
export function isRetryable(meaning: BackendFailure): boolean {
  return (
    meaning.kind === "overloaded" || meaning.kind === "transient" || meaning.kind === "rebuilding"
  );
}

/**
 * A meaning as the attempt's failure, with its reason and, where core waits on it, the
 * engine's `Retry-After` read on the backend's clock (`epochMs`, never `Date.now()`).
 */
export function failureWith(
  meaning: BackendFailure,
  reason: string,
  retryAfter: { headers: Headers; epochMs: number } | undefined,
): BackendFailure {
  if (retryAfter === undefined || !isRetryable(meaning)) return { ...meaning, reason };
  const retryAfterMs = parseRetryAfter(retryAfter.headers.get("retry-after"), retryAfter.epochMs);
  return { ...meaning, reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/** A row's label for this status (`{status}` filled in). */
export function labelOf(row: StatusRow, status: number | string): string {
  return row.label.replaceAll("{status}", String(status));
}

/** A code fit to show in a reason: letters, digits and _ only, bounded; else undefined. */
export function safeLabel(value: unknown): string | undefined {
  return typeof value === "string" && /^[a-z0-9_]{1,64}$/i.test(value) ? value : undefined;
}

const unexpected: StatusRow = {
  status: "xxx",
  meaning: { kind: "failed", cause: "rejected" },
  label: "unexpected status",
  source: "RFC 9110 section 15 (a status no row names is never retried)",
};

/**
 * A non-2xx HTTP answer's failure by `table`: the reason says `HTTP <status>` and the engine's
 * code when it is a safe label, else the row's label; a status no row names is `rejected`.
 */
export function httpStatusFailure(
  table: readonly StatusRow[],
  answer: { status: number; headers: Headers },
  detail: StatusDetail & { epochMs: number },
): BackendFailure {
  const row = statusRow(table, answer.status, detail) ?? unexpected;
  const label = safeLabel(detail.code) ?? labelOf(row, answer.status);
  return failureWith(
    row.meaning,
    `HTTP ${answer.status} ${label}`,
    row.retryAfter === false ? undefined : { headers: answer.headers, epochMs: detail.epochMs },
  );
}
