import type {
  AttemptDetails,
  BackendAttempt,
  BackendFailure,
  DocumentOutcome,
  PageOutcome,
} from "../backend/search-backend.js";
import { annotateOperation } from "../backend-kit/span-attributes.js";
import { collectionFolder } from "./folder-collections.js";
import type { FolderIndexReader } from "./folder-index-reader.js";
import type { CollectionFolder, ResolvedFolderOptions } from "./folder-options.js";
import type { IndexConnection } from "./index-connection.js";
import type { IndexRefresher } from "./index-refresher.js";
import { sqliteFailure } from "./sqlite-failures.js";

/** What one call of the folder backend reads with. */
export interface IndexAccess {
  options: ResolvedFolderOptions;
  refresher: IndexRefresher;
  connection: IndexConnection;
}

/**
 * The common path of both calls: the collection, a fresh enough index, honest failures. `work`
 * runs on the open index; whatever SQLite throws becomes a failure kind core retries and reports.
 */
export function withIndex<T extends PageOutcome | DocumentOutcome>(
  { options, refresher, connection }: IndexAccess,
  collectionId: string,
  attempt: BackendAttempt,
  operation: "search" | "get_document",
  work: (reader: FolderIndexReader, collection: CollectionFolder) => T,
): T | BackendFailure {
  const doing = operation === "search" ? "search" : "document";
  // node:sqlite is synchronous: once a query runs nothing can stop it, so check before it starts.
  if (attempt.signal.aborted) {
    return { kind: "transient", reason: `${doing}: aborted before the query` };
  }
  annotateOperation(attempt, {
    system: "sqlite",
    collection: "sections_fts",
    operation,
    engineOperation: "SELECT",
  });
  const collection = collectionFolder(options.root, options.collections, collectionId);
  if (collection === undefined) {
    attempt.annotate({ status: "no_collection" });
    return {
      kind: "failed",
      cause: "misconfigured",
      reason: `${doing}: collection ${JSON.stringify(collectionId)} is not a folder of the docs root`,
    };
  }
  refresher.refreshWhenDue();
  const opened = connection.open(doing);
  if ("kind" in opened) {
    attempt.annotate({ status: opened.status });
    return opened.failure;
  }
  if (opened.reader.crawlFailure !== "") {
    // The last crawl read no page: say so, never answer from nothing (or "no matches").
    attempt.annotate({ status: "crawl_failed" });
    return {
      kind: "transient",
      reason: `${doing}: the last crawl failed: ${opened.reader.crawlFailure}`,
    };
  }
  // A partial crawl answers from what it read, and the trace says what it could not.
  if (opened.reader.crawlSkipped !== "") attempt.annotate({ note: opened.reader.crawlSkipped });
  try {
    return work(opened.reader, collection);
  } catch (error) {
    const { failure, status } = sqliteFailure(error, doing);
    attempt.annotate({ status });
    // A damaged file is replaced by the next run: start one now rather than at the next interval.
    if (failure.kind === "failed") refresher.refreshSoon();
    return failure;
  }
}

/** What a query that answered read: its rows and bytes, on the attempt's span. */
export function rowsRead(rows: number, bytes: number): AttemptDetails {
  return { status: "ok", bytes, attributes: { "db.response.returned_rows": rows } };
}
