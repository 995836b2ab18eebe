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

/**
 * How a layout's rows read: the search statement's rows as hits, get_document's as a document.
 * Sections tables (this file) and page tables (postgres-page-rows.ts) share everything else.
 */
export interface PostgresRowReader<SearchRow, DocumentRow> {
  searchRows: z.ZodMiniType<SearchRow[]>;
  searchBytes(row: SearchRow): number;
  /** `asked`: the query's words and the passage's length, for a passage the backend cuts. */
  hitOf(row: SearchRow, asked: PassageAsked): BackendHit | string;
  documentRows: z.ZodMiniType<DocumentRow[]>;
  documentBytes(row: DocumentRow): number;
  readDocument(rows: readonly DocumentRow[]): BackendDocument | string;
}

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

/** What a passage cut in the backend is cut for. */
export interface PassageAsked {
  words: readonly string[];
  passageChars: number;
}

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

/** The default layout's rows: one per section. */
export const sectionRowReader: PostgresRowReader<SearchRow, DocumentRow> = {
  searchRows: z.array(searchRowSchema),
  searchBytes: (row) =>
    byteLength(row.document_id, row.title, row.heading, row.slug, row.updated, row.body),
  hitOf,
  documentRows: z.array(documentRowSchema),
  documentBytes: (row) => byteLength(row.title, row.heading, row.body, row.slug),
  readDocument,
};

/** A layout's reading of both statements' rows, its row types closed over. */
export interface PostgresRows {
  page(
    rows: unknown[],
    at: { pageSize: number; offset: number; words: readonly string[] },
    attempt: BackendAttempt,
  ): PageOutcome;
  document(rows: unknown[], most: number, attempt: BackendAttempt): DocumentOutcome;
}

export function postgresRows<SearchRow, DocumentRow>(
  reader: PostgresRowReader<SearchRow, DocumentRow>,
): PostgresRows {
  return {
    page: (rows, at, attempt) => pageOfRows(rows, at, attempt, reader),
    document: (rows, most, attempt) => documentOfRows(rows, most, attempt, reader),
  };
}

/**
 * A page from the search statement's rows, asked for `pageSize + 1` at `offset`: the extra row
 * says there is more, and is not shown.
 */
export function pageOfRows<SearchRow>(
  rows: unknown[],
  { pageSize, offset, words }: { pageSize: number; offset: number; words: readonly string[] },
  attempt: BackendAttempt,
  reader: PostgresRowReader<SearchRow, unknown>,
): PageOutcome {
  const parsed = reader.searchRows.safeParse(rows);
  if (!parsed.success) return notOfTheLayout(attempt);
  const bytes = annotateRows(parsed.data, attempt, reader.searchBytes);
  if (bytes > attempt.limits.responseBytes) {
    return { kind: "failed", cause: "too_large", reason: `${bytes} bytes of rows` };
  }
  // Zero rows on page one: nothing matched, or row-level security hid every match (omitted, as intended).
  const more = parsed.data.length > pageSize;
  return pageOf(parsed.data.slice(0, pageSize), {
    asked: pageSize,
    first: offset === 0,
    readHit: (row) => reader.hitOf(row, { words, passageChars: attempt.limits.passageChars }),
    more,
    next: String(offset + pageSize),
  });
}

/**
 * A document from the document statement's rows, asked for `most + 1`. No rows: no such
 * document, or row-level security hides it from this caller. The two read the same here;
 * telling them apart needs a policy check the app owns.
 */
export function documentOfRows<DocumentRow>(
  rows: unknown[],
  most: number,
  attempt: BackendAttempt,
  reader: PostgresRowReader<unknown, DocumentRow>,
): DocumentOutcome {
  const parsed = reader.documentRows.safeParse(rows);
  if (!parsed.success) return notOfTheLayout(attempt);
  const bytes = annotateRows(parsed.data, attempt, reader.documentBytes);
  if (bytes > attempt.limits.responseBytes) {
    return { kind: "failed", cause: "too_large", reason: `${bytes} bytes of sections` };
  }
  return documentOf(parsed.data, most, (read) => reader.readDocument(read));
}

function hitOf(row: SearchRow, { words, passageChars }: PassageAsked): BackendHit {
  // The window with most of the query's words, as the folder cuts it: core's rerank reads it
  // (dev set, issue 31: MRR@8 0.813 with ts_headline's two fragments, 0.829 with this).
  const passage = bestPassage(row.body ?? "", words, passageChars);
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

export function byteLength(...values: (string | null)[]): number {
  let total = 0;
  for (const value of values) if (value !== null) total += Buffer.byteLength(value);
  return total;
}

// Midnight UTC is a date (the corpus's YYYY-MM-DD); anything else stays a date-time.
export function isoDate(value: string): string {
  return value.endsWith("T00:00:00Z") ? value.slice(0, 10) : value;
}
