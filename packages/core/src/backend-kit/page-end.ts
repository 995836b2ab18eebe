import type { BackendHit, PageOutcome } from "../backend/search-backend.js";
import { malformed } from "./malformed.js";

/** How one page of an engine's records ends as a page outcome. */
export interface PageEnd<EngineRecord> {
  /** How many hits were asked for. */
  asked: number;
  /**
   * Page one of the walk, where an empty page means "nothing matched"; false on engines that say
   * nothing matched otherwise (v2's 404), whose empty pages are pages.
   */
  first: boolean;
  /** A hit from a record at its position on this page, or what is wrong with the record. */
  readHit(record: EngineRecord, position: number): BackendHit | string;
  /** The engine has more past this page, by its own word. */
  more: boolean;
  /** Where the next page starts when `more`; undefined stops the walk here (`more` still says so). */
  next?: string | undefined;
  /** The collection's version, when the engine has one: every page of the walk carries it. */
  version?: string | undefined;
}

/**
 * The page-end rule every engine follows: more records than asked is a malformed answer (core
 * would cut the page and skip the rest); no records on page one is `no_match`, an ordinary
 * answer; otherwise the hits, `more`, and `next` when there is more.
 */
export function pageOf<EngineRecord>(
  records: readonly EngineRecord[],
  { asked, first, readHit, more, next, version }: PageEnd<EngineRecord>,
): PageOutcome {
  if (records.length > asked) return malformed(`${records.length} hits for a page of ${asked}`);
  if (records.length === 0 && first) return { kind: "no_match" };
  const hits: BackendHit[] = [];
  for (const [position, record] of records.entries()) {
    const hit = readHit(record, position);
    if (typeof hit === "string") return malformed(hit);
    hits.push(hit);
  }
  return {
    kind: "page",
    hits,
    more,
    ...(more && next !== undefined ? { next } : {}),
    ...(version === undefined ? {} : { version }),
  };
}
