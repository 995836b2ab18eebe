import type { BackendDocument, DocumentOutcome } from "../backend/search-backend.js";
import { malformed } from "./malformed.js";

/**
 * The sections to ask an engine for: `limits.documentSections` (within the engine's own
 * window), plus one, so a document past the limit is known and refused, never silently cut.
 */
export function sectionsToAsk(documentSections: number, window = Number.MAX_SAFE_INTEGER): number {
  return Math.min(documentSections, window - 1) + 1;
}

/**
 * The document-size rule every engine follows: no records is `not_found`; more than `limit`
 * is `too_large` (a cut document would read as whole); otherwise the document `read` makes of
 * them, or `malformed` with what it found wrong.
 */
export function documentOf<EngineRecord>(
  records: readonly EngineRecord[],
  limit: number,
  read: (records: readonly EngineRecord[]) => BackendDocument | string,
): DocumentOutcome {
  if (records.length === 0) return { kind: "not_found" };
  if (records.length > limit) return tooManySections(limit);
  const document = read(records);
  return typeof document === "string" ? malformed(document) : { kind: "document", document };
}

/** A document longer than `limit` sections. */
export function tooManySections(limit: number): DocumentOutcome {
  return { kind: "failed", cause: "too_large", reason: `document has more than ${limit} records` };
}
