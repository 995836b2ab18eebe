import * as z from "zod/mini";
import type {
  BackendAttempt,
  BackendDocument,
  BackendHit,
  DocumentOutcome,
  PageOutcome,
} from "../backend/search-backend.js";
import { documentOf } from "../backend-kit/document-size.js";
import { malformed } from "../backend-kit/malformed.js";
import { pageOf } from "../backend-kit/page-end.js";
import { bestPassage } from "../text/best-passage.js";

// The rows the two statements of postgres-queries.ts return, read into the seam's outcomes by
// the backend kit's page-end and document-size rules.

const searchRowSchema = z.object({
  document_id: z.string().check(z.minLength(1)),
  section: z.int(),
  title: z.string(),
  heading: z.nullable(z.string()),
  slug: z.nullable(z.string()),
  updated: z.nullable(z.string()),
  score: z.number(),
  body: z.nullable(z.string()),
});

const documentRowSchema = z.object({
  document_id: z.string(),
  section: z.int(),
  title: z.string(),
  heading: z.nullable(z.string()),
  body: z.nullable(z.string()),
  slug: z.nullable(z.string()),
  updated: z.nullable(z.string()),
});

type SearchRow = z.infer<typeof searchRowSchema>;
type DocumentRow = z.infer<typeof documentRowSchema>;

/**
 * A page from the search statement's rows, asked for `pageSize + 1` at `offset`: the extra row
 * says there is more, and is not shown.
 */
export function pageOfRows(
  rows: unknown[],
  { pageSize, offset, words }: { pageSize: number; offset: number; words: readonly string[] },
  attempt: BackendAttempt,
): PageOutcome {
  const parsed = z.array(searchRowSchema).safeParse(rows);
  if (!parsed.success) return notOfTheLayout(attempt);
  const bytes = annotateRows(parsed.data, attempt, (row) =>
    byteLength(row.document_id, row.title, row.heading, row.slug, row.updated, row.body),
  );
  if (bytes > attempt.limits.responseBytes) {
    return { kind: "failed", cause: "too_large", reason: `${bytes} bytes of rows` };
  }
  // Zero rows on page one: nothing matched, or row-level security hid every match (omitted, as intended).
  const more = parsed.data.length > pageSize;
  return pageOf(parsed.data.slice(0, pageSize), {
    asked: pageSize,
    first: offset === 0,
    // The passage is the body's window with most of the query's words, as the folder cuts it:
    // core's rerank reads it (dev set, issue 31: MRR@8 0.813 -> 0.829 against ts_headline's).
    readHit: (row: SearchRow) =>
      hitOf(row, bestPassage(row.body ?? "", words, attempt.limits.passageChars)),
    more,
    next: String(offset + pageSize),
  });
}

/**
 * A document from the document statement's rows, asked for `most + 1`. No rows: no such
 * document, or row-level security hides it from this caller. The two read the same here;
 * telling them apart needs a policy check the app owns.
 */
export function documentOfRows(
  rows: unknown[],
  most: number,
  attempt: BackendAttempt,
): DocumentOutcome {
  const parsed = z.array(documentRowSchema).safeParse(rows);
  if (!parsed.success) return notOfTheLayout(attempt);
  const bytes = annotateRows(parsed.data, attempt, (row) =>
    byteLength(row.title, row.heading, row.body, row.slug),
  );
  if (bytes > attempt.limits.responseBytes) {
    return { kind: "failed", cause: "too_large", reason: `${bytes} bytes of sections` };
  }
  return documentOf(parsed.data, most, readDocument);
}

function hitOf(row: SearchRow, passage: string): BackendHit {
  return {
    documentId: row.document_id,
    title: row.title,
    snippet: passage.trim() !== "" ? passage : (row.heading ?? ""),
    score: row.score,
    section: String(row.section),
    ...(row.slug !== null && row.slug !== "" ? { slug: row.slug } : {}),
    ...(row.updated !== null ? { updated: isoDate(row.updated) } : {}),
  };
}

function readDocument(rows: readonly DocumentRow[]): BackendDocument | string {
  const [first] = rows;
  // documentOf reads no rows as not_found, before this.
  if (first === undefined) return "no rows";
  return {
    title: first.title,
    sections: rows.map((row) => ({
      section: String(row.section),
      heading: row.heading ?? "",
      text: row.body ?? "",
    })),
    ...(first.slug !== null && first.slug !== "" ? { slug: first.slug } : {}),
    ...(first.updated !== null ? { updated: isoDate(first.updated) } : {}),
  };
}

/** The rows' bytes, on the attempt's trace with their count. */
function annotateRows<Row>(
  rows: readonly Row[],
  attempt: BackendAttempt,
  bytesOf: (row: Row) => number,
): number {
  const bytes = rows.reduce((total, row) => total + bytesOf(row), 0);
  attempt.annotate({
    status: "00000",
    bytes,
    attributes: { "db.response.returned_rows": rows.length },
  });
  return bytes;
}

function notOfTheLayout(attempt: BackendAttempt) {
  attempt.annotate({ status: "malformed" });
  return malformed("rows not of the layout's types");
}

function byteLength(...values: (string | null)[]): number {
  let total = 0;
  for (const value of values) if (value !== null) total += Buffer.byteLength(value);
  return total;
}

// Midnight UTC is a date (the corpus's YYYY-MM-DD); anything else stays a date-time.
function isoDate(value: string): string {
  return value.endsWith("T00:00:00Z") ? value.slice(0, 10) : value;
}
