import type { DocumentOutput, RefTarget, SearchOutput, Trace } from "@search-docs/core";
import { credentialPattern } from "./soak-callers.ts";
import type { TappedResponse } from "./wire-tap.ts";

/** One finished call, as the driver saw it. */
export interface CallRecord {
  /** Position in the run: the first `concurrency` calls are the cold start. */
  index: number;
  tool: "search_docs" | "get_document";
  token: string;
  /** Collections the call had in scope (search), or the ref's target collection (document). */
  scope: readonly string[];
  readable: ReadonlySet<string>;
  output?: SearchOutput | DocumentOutput;
  trace?: Trace;
  error?: unknown;
  /** Where each returned ref points (search), or where the requested ref pointed (document). */
  targets: (RefTarget | undefined)[];
  /** `performance.now()` when the call began. */
  startedAt: number;
  durationMs: number;
  abortedByCaller: boolean;
}

export interface Verdict {
  /** no_matches while a collection in scope failed: the worst failure of this design. */
  falseNoMatches: boolean;
  /** ok while a collection in scope failed: results presented as complete when they are not. */
  falseOk: boolean;
  /** get_document said not_found while its read failed. */
  falseNotFound: boolean;
  /** unavailable although every collection answered (the deadline passed between pages, say). */
  conservativeUnavailable: boolean;
  foreignDocuments: number;
  credentialLeaks: number;
}

/**
 * Judges a call against the wire tap: a collection in scope failed when its last response to
 * this caller was not a 404, a 403 or a well-formed 200 (or it got no request at all).
 */
export function judgeCall(record: CallRecord, responses: readonly TappedResponse[]): Verdict {
  const verdict: Verdict = {
    falseNoMatches: false,
    falseOk: false,
    falseNotFound: false,
    conservativeUnavailable: false,
    foreignDocuments: 0,
    credentialLeaks: countLeaks(record),
  };
  const { output } = record;
  if (output === undefined) return verdict;

  const failed = record.scope.filter((collectionId) => {
    const mine = responses.filter(
      (response) =>
        response.collectionId === collectionId &&
        response.kind === (record.tool === "search_docs" ? "search" : "document"),
    );
    if (mine.some((response) => response.status === 403)) return false;
    const last = mine.at(-1);
    return !(
      last !== undefined &&
      (last.status === 404 || (last.status === 200 && last.wellFormed === true))
    );
  });

  if (record.tool === "search_docs") {
    const search = output as SearchOutput;
    verdict.falseNoMatches = search.status === "no_matches" && failed.length > 0;
    verdict.falseOk = search.status === "ok" && failed.length > 0;
    verdict.conservativeUnavailable = search.status === "unavailable" && failed.length === 0;
    search.results.forEach((result, index) => {
      const target = record.targets[index];
      if (!target || !record.readable.has(target.collectionId) || target.area !== result.area) {
        verdict.foreignDocuments++;
      }
    });
  } else {
    const document = output as DocumentOutput;
    const target = record.targets[0];
    const readable = target !== undefined && record.readable.has(target.collectionId);
    if (document.status === "ok" && !readable) verdict.foreignDocuments++;
    if (document.status !== "ok" && (document.content !== null || document.title !== null)) {
      verdict.foreignDocuments++;
    }
    verdict.falseNotFound = document.status === "not_found" && failed.length > 0;
    verdict.conservativeUnavailable = document.status === "unavailable" && failed.length === 0;
  }
  return verdict;
}

function countLeaks(record: CallRecord): number {
  const error =
    record.error instanceof Error
      ? `${record.error.name} ${record.error.message} ${record.error.stack ?? ""}`
      : String(record.error ?? "");
  return [
    JSON.stringify(record.output ?? null),
    JSON.stringify(record.trace ?? null),
    error,
  ].filter((text) => credentialPattern.test(text)).length;
}
