import type {
  AttemptDetails,
  BackendAttempt,
  BackendFailure,
  BackendHit,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { bestPassage } from "./best-passage.js";
import { pathIn, relativeTo, withoutExtension } from "./document-paths.js";
import { collectionFolder } from "./folder-collections.js";
import { formatContinuation, parseContinuation } from "./folder-continuation.js";
import { type FolderIndexReader, sectionUrl } from "./folder-index-reader.js";
import {
  type CollectionFolder,
  type FolderOptions,
  type ResolvedFolderOptions,
  resolveFolderOptions,
} from "./folder-options.js";
import { queryWords, toFtsQuery } from "./fts-query.js";
import { IndexConnection } from "./index-connection.js";
import { buildIndex } from "./index-folder.js";
import { IndexRefresher } from "./index-refresher.js";
import type { IndexRunOptions, IndexSummary } from "./index-summary.js";
import { recencyScore } from "./recency-score.js";
import { sqliteFailure } from "./sqlite-failures.js";

export interface FolderBackendOptions extends FolderOptions {
  /**
   * After this long since the last indexing run, the next call starts a refresh in the background
   * (searches keep reading the index in place meanwhile). 0: never after the first run. Default
   * 60,000 ms. Only with `autoIndex` (the default).
   */
  refreshAfterMs?: number;
}

/** A docs folder as a search backend, plus what the CLI and a server need around it. */
export interface FolderBackend extends SearchBackend {
  readonly root: string;
  readonly indexPath: string;
  /** Indexes now (incrementally) and resolves when the new index is in place. */
  refresh(run?: IndexRunOptions): Promise<IndexSummary>;
  /** The last indexing run's summary, once one finished. */
  lastIndex(): IndexSummary | undefined;
  /** Closes the open index connection; a later call opens it again. */
  close(): void;
}

const attributes = { "db.system.name": "sqlite", "db.collection.name": "sections_fts" } as const;

/**
 * Searches a folder of Markdown and text files, indexed in process with SQLite FTS5 (node:sqlite).
 * The caller's credentials are not used: the files are the local user's, and core still asks for
 * a caller on every call (pass the fixed local caller, `{ token: "local" }`). Never throws from a
 * call: every problem is one of the failure kinds core retries and reports by.
 */
export function folderBackend(options: FolderBackendOptions): FolderBackend {
  const resolved = resolveFolderOptions(options);
  const refreshAfterMs = options.refreshAfterMs ?? 60_000;
  if (!Number.isSafeInteger(refreshAfterMs) || refreshAfterMs < 0) {
    throw new ConfigurationError({
      option: "refreshAfterMs",
      message: "folder: refreshAfterMs must be a whole number of milliseconds, 0 or more.",
    });
  }
  const refresher = new IndexRefresher(resolved, refreshAfterMs, (run) =>
    buildIndex(resolved, run),
  );
  return indexBackend(resolved, refresher, withoutExtension);
}

/**
 * The backend over an index of this layout, however it is built (a folder's walk, a site's
 * crawl); `documentPath` gives a document's path as its ref carries it.
 */
export function indexBackend<Summary>(
  options: ResolvedFolderOptions,
  refresher: IndexRefresher<Summary>,
  documentPath: (documentId: string) => string,
): FolderBackend {
  return new FolderBackendImplementation(
    options,
    refresher as unknown as IndexRefresher,
    documentPath,
  );
}

class FolderBackendImplementation implements FolderBackend {
  readonly specificationVersion = "v1" as const;
  readonly name = "folder";
  readonly #options: ResolvedFolderOptions;
  readonly #refresher: IndexRefresher;
  readonly #connection: IndexConnection;
  readonly #documentPath: (documentId: string) => string;

  constructor(
    options: ResolvedFolderOptions,
    refresher: IndexRefresher,
    documentPath: (documentId: string) => string,
  ) {
    this.#options = options;
    this.#refresher = refresher;
    this.#connection = new IndexConnection(options, refresher);
    this.#documentPath = documentPath;
  }

  get root(): string {
    return this.#options.root;
  }

  get indexPath(): string {
    return this.#options.indexPath;
  }

  lastIndex(): IndexSummary | undefined {
    return this.#refresher.last;
  }

  refresh(run: IndexRunOptions = {}): Promise<IndexSummary> {
    return this.#refresher.refresh(run);
  }

  close(): void {
    this.#connection.close();
  }

  async searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome> {
    return this.#withIndex(request.collectionId, attempt, "search", (reader, collection) => {
      const offset = parseContinuation(request.continuation, reader.build);
      if (typeof offset !== "number") return offset;
      const words = queryWords(request.query);
      // A question with no word in it (only punctuation) matches nothing: an ordinary answer.
      if (words.length === 0) return { kind: "no_match" };
      const ftsQuery = toFtsQuery(request.query) as string;
      const pageSize = Math.max(1, Math.min(request.pageSize, attempt.limits.pageItems));
      const prefer = request.prefer ?? "relevance";
      const rows = reader.search(ftsQuery, collection, { limit: pageSize + 1, offset, prefer });
      const details = { rows: Math.min(rows.length, pageSize), bytes: 0 };
      const hits: BackendHit[] = rows.slice(0, pageSize).map((row) => {
        const documentId = relativeTo(collection, row.path);
        const passage = bestPassage(row.body, words, attempt.limits.passageChars);
        details.bytes += row.title.length + passage.length + row.heading.length;
        const page = reader.page(row.path);
        const url = page === undefined ? undefined : sectionUrl(page, row.position);
        return {
          ...(url === undefined ? {} : { url }),
          documentId,
          title: row.title,
          snippet: passage || row.heading,
          score: prefer === "recent" ? recencyScore(row.updated, row.score) : row.score,
          updated: row.updated,
          slug: this.#documentPath(documentId),
          path: this.#documentPath(documentId),
          section: String(row.position),
        };
      });
      attempt.annotate(done("SELECT", details.rows, details.bytes));
      if (hits.length === 0) {
        // Page one empty: nothing matched. A later page empty: the walk is over.
        return offset === 0
          ? { kind: "no_match" }
          : { kind: "page", hits, more: false, version: reader.build };
      }
      const more = rows.length > pageSize;
      return more
        ? {
            kind: "page",
            hits,
            more,
            next: formatContinuation(reader.build, offset + hits.length),
            version: reader.build,
          }
        : { kind: "page", hits, more, version: reader.build };
    });
  }

  async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
    return this.#withIndex(request.collectionId, attempt, "document", (reader, collection) => {
      const path = pathIn(collection, request.documentId);
      if (path === undefined) return { kind: "not_found" };
      const rows = reader.document(path, attempt.limits.documentSections);
      if (rows === undefined) return { kind: "not_found" };
      if (rows === "too_large") {
        return {
          kind: "failed",
          cause: "too_large",
          reason: "document has more sections than limits.documentSections",
        };
      }
      let bytes = rows.title.length;
      for (const section of rows.sections) bytes += section.heading.length + section.body.length;
      attempt.annotate(done("SELECT", rows.sections.length, bytes));
      if (bytes > attempt.limits.responseBytes) {
        return {
          kind: "failed",
          cause: "too_large",
          reason: "document is larger than limits.responseBytes",
        };
      }
      const page = reader.page(path);
      return {
        kind: "document",
        document: {
          title: rows.title,
          updated: rows.updated,
          slug: this.#documentPath(request.documentId),
          ...(page === undefined ? {} : { url: page.url }),
          sections: rows.sections.map((section) => ({
            section: String(section.position),
            heading: section.heading,
            text: section.body,
            ...(page === undefined ? {} : { url: sectionUrl(page, section.position) }),
          })),
        },
      };
    });
  }

  /** The common path of both calls: the collection, a fresh enough index, honest failures. */
  #withIndex<T extends PageOutcome | DocumentOutcome>(
    collectionId: string,
    attempt: BackendAttempt,
    doing: string,
    work: (reader: FolderIndexReader, collection: CollectionFolder) => T,
  ): T | BackendFailure {
    // node:sqlite is synchronous: once a query runs nothing can stop it, so check before it starts.
    if (attempt.signal.aborted)
      return { kind: "transient", reason: `${doing}: aborted before the query` };
    const collection = collectionFolder(
      this.#options.root,
      this.#options.collections,
      collectionId,
    );
    if (collection === undefined) {
      attempt.annotate({ status: "no_collection", attributes });
      return {
        kind: "failed",
        cause: "misconfigured",
        reason: `${doing}: collection ${JSON.stringify(collectionId)} is not a folder of the docs root`,
      };
    }
    this.#refresher.refreshWhenDue();
    const opened = this.#connection.open(doing);
    if ("kind" in opened) {
      attempt.annotate({ status: opened.status, attributes });
      return opened.failure;
    }
    if (opened.reader.crawlFailure !== "") {
      // The last crawl read no page: say so, never answer from nothing (or "no matches").
      attempt.annotate({ status: "crawl_failed", attributes });
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
      attempt.annotate({ status, attributes });
      // A damaged file is replaced by the next run: start one now rather than at the next interval.
      if (failure.kind === "failed") this.#refresher.refreshSoon();
      return failure;
    }
  }
}

function done(operation: string, rows: number, bytes: number): AttemptDetails {
  return {
    status: "ok",
    bytes,
    attributes: {
      ...attributes,
      "db.operation.name": operation,
      "db.response.returned_rows": rows,
    },
  };
}
