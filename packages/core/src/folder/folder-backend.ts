import { type Stats, statSync } from "node:fs";
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
import { collectionFolder } from "./folder-collections.js";
import { FolderIndexReader, IndexFormatError } from "./folder-index-reader.js";
import {
  type CollectionFolder,
  type FolderOptions,
  type ResolvedFolderOptions,
  resolveFolderOptions,
} from "./folder-options.js";
import { queryWords, toFtsQuery } from "./fts-query.js";
import { buildIndex, type IndexRunOptions, type IndexSummary } from "./index-folder.js";
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

// A hit's offset past this is a continuation no walk of 6 pages of 100 could have made.
const maxOffset = 10_000;
// While the first index is built, calls say "rebuilding": core waits within its rebuild budget.
const rebuildingRetryMs = 250;
// A failed indexing run is tried again by a call this long after it failed, not by every call.
const retryFailedBuildMs = 5_000;
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
  return new FolderBackendImplementation(resolved, refreshAfterMs);
}

class FolderBackendImplementation implements FolderBackend {
  readonly specificationVersion = "v1" as const;
  readonly name = "folder";
  readonly #options: ResolvedFolderOptions;
  readonly #refreshAfterMs: number;
  #reader: { reader: FolderIndexReader; identity: string } | undefined;
  #running: Promise<IndexSummary> | undefined;
  #last: IndexSummary | undefined;
  #lastRunAt = Number.NEGATIVE_INFINITY;
  #lastError: unknown;

  constructor(options: ResolvedFolderOptions, refreshAfterMs: number) {
    this.#options = options;
    this.#refreshAfterMs = refreshAfterMs;
  }

  get root(): string {
    return this.#options.root;
  }

  get indexPath(): string {
    return this.#options.indexPath;
  }

  lastIndex(): IndexSummary | undefined {
    return this.#last;
  }

  refresh(run: IndexRunOptions = {}): Promise<IndexSummary> {
    if (this.#running !== undefined) return this.#running;
    this.#lastRunAt = Date.now();
    const running = buildIndex(this.#options, run).then(
      (summary) => {
        this.#last = summary;
        this.#lastError = undefined;
        return summary;
      },
      (error: unknown) => {
        this.#lastError = error;
        throw error;
      },
    );
    this.#running = running;
    const clear = () => {
      if (this.#running === running) this.#running = undefined;
      this.#lastRunAt = Date.now();
    };
    running.then(clear, clear);
    return running;
  }

  close(): void {
    this.#reader?.reader.close();
    this.#reader = undefined;
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
        return {
          documentId,
          title: row.title,
          snippet: passage || row.heading,
          score: prefer === "recent" ? recencyScore(row.updated, row.score) : row.score,
          updated: row.updated,
          slug: withoutExtension(documentId),
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
            next: `${reader.build}:${offset + hits.length}`,
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
      return {
        kind: "document",
        document: {
          title: rows.title,
          updated: rows.updated,
          slug: withoutExtension(request.documentId),
          sections: rows.sections.map((section) => ({
            section: String(section.position),
            heading: section.heading,
            text: section.body,
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
    this.#refreshWhenDue();
    const opened = this.#open(doing);
    if ("kind" in opened) {
      attempt.annotate({ status: opened.status, attributes });
      return opened.failure;
    }
    try {
      return work(opened.reader, collection);
    } catch (error) {
      const { failure, status } = sqliteFailure(error, doing);
      attempt.annotate({ status, attributes });
      // A damaged file is replaced by the next run: start one now rather than at the next interval.
      if (failure.kind === "failed" && this.#options.autoIndex) void this.refresh().catch(() => {});
      return failure;
    }
  }

  #refreshWhenDue(): void {
    if (!this.#options.autoIndex || this.#running !== undefined) return;
    const since = Date.now() - this.#lastRunAt;
    const due =
      this.#last === undefined && this.#lastError === undefined
        ? true
        : this.#lastError !== undefined
          ? since >= retryFailedBuildMs
          : this.#refreshAfterMs > 0 && since >= this.#refreshAfterMs;
    // Errors are kept in #lastError and reported by the calls that find no index.
    if (due) void this.refresh().catch(() => {});
  }

  /** The reader on the index in place, reopened when the file was swapped since it was opened. */
  #open(
    doing: string,
  ): { reader: FolderIndexReader } | { kind: "failure"; failure: BackendFailure; status: string } {
    let stats: Stats;
    try {
      stats = statSync(this.#options.indexPath);
    } catch (error) {
      return { kind: "failure", ...this.#noIndex(doing, error) };
    }
    if (!stats.isFile()) {
      return {
        kind: "failure",
        failure: {
          kind: "failed",
          cause: "misconfigured",
          reason: `${doing}: the index path is not a file`,
        },
        status: "not_a_file",
      };
    }
    const identity = `${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.size}`;
    if (this.#reader?.identity === identity) return { reader: this.#reader.reader };
    try {
      const reader = new FolderIndexReader(this.#options.indexPath);
      this.#reader?.reader.close();
      this.#reader = { reader, identity };
      return { reader };
    } catch (error) {
      if (this.#running !== undefined) {
        return {
          kind: "failure",
          failure: {
            kind: "rebuilding",
            retryAfterMs: rebuildingRetryMs,
            reason: `${doing}: index is being rebuilt`,
          },
          status: "indexing",
        };
      }
      if (error instanceof IndexFormatError) {
        return {
          kind: "failure",
          failure: { kind: "failed", cause: "malformed", reason: `${doing}: ${error.message}` },
          status: "index_format",
        };
      }
      const mapped = sqliteFailure(error, `${doing}: opening the index`);
      if (mapped.failure.kind === "failed" && this.#options.autoIndex)
        void this.refresh().catch(() => {});
      return { kind: "failure", ...mapped };
    }
  }

  /** No index file: being built (rebuilding), could not be built, or never will be (autoIndex off). */
  #noIndex(doing: string, error: unknown): { failure: BackendFailure; status: string } {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    if (code !== "ENOENT") {
      return {
        failure: {
          kind: "failed",
          cause: "misconfigured",
          reason: `${doing}: index file cannot be read (${code})`,
        },
        status: code,
      };
    }
    if (this.#running !== undefined) {
      return {
        failure: {
          kind: "rebuilding",
          retryAfterMs: rebuildingRetryMs,
          reason: `${doing}: the folder is being indexed`,
        },
        status: "indexing",
      };
    }
    if (this.#lastError !== undefined) {
      const failure: BackendFailure = ConfigurationError.isInstance(this.#lastError)
        ? { kind: "failed", cause: "misconfigured", reason: `${doing}: ${this.#lastError.message}` }
        : {
            kind: "transient",
            reason: `${doing}: indexing failed (${errorCode(this.#lastError)})`,
          };
      return { failure, status: "index_failed" };
    }
    return {
      failure: {
        kind: "failed",
        cause: "misconfigured",
        reason: `${doing}: no index yet; run \`search-docs index ${this.#options.root}\``,
      },
      status: "no_index",
    };
  }
}

/**
 * A hit's score when the newest come first: days since 1970 of its date, plus its relevance
 * squeezed into [0, 1) — so scores fall in the order the hits come (by date, then relevance), as
 * every page must, and hits of one date keep their relevance order.
 */
function recencyScore(updated: string, relevance: number): number {
  const days = Math.floor(Date.parse(`${updated.slice(0, 10)}T00:00:00Z`) / 86_400_000);
  const positive = Math.max(0, relevance);
  return (Number.isFinite(days) ? days : 0) + positive / (positive + 1);
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

/** Page one, or the offset a continuation of this same index names; another index's is stale. */
function parseContinuation(
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

/** A file's document id: its path below the collection's folder. */
function relativeTo(collection: CollectionFolder, path: string): string {
  return collection.folder === "" ? path : path.slice(collection.folder.length + 1);
}

/** The index path of a document id in a collection, or undefined for an id no hit could carry. */
function pathIn(collection: CollectionFolder, documentId: string): string | undefined {
  if (
    documentId === "" ||
    documentId.startsWith("/") ||
    /[\\\0]/.test(documentId) ||
    documentId.split("/").some((part) => part === "" || part === "." || part === "..") ||
    (!collection.recursive && documentId.includes("/"))
  ) {
    return undefined;
  }
  return collection.folder === "" ? documentId : `${collection.folder}/${documentId}`;
}

function withoutExtension(path: string): string {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  return dot > slash + 1 ? path.slice(0, dot) : path;
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : "error";
}
