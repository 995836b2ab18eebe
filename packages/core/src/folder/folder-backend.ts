import type {
  BackendAttempt,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import { tooManySections } from "../backend-kit/document-size.js";
import { isFailure } from "../backend-kit/malformed.js";
import { pageOf } from "../backend-kit/page-end.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { bestPassage } from "../text/best-passage.js";
import { queryWords } from "../text/query-words.js";
import { pathIn, relativeTo, withoutExtension } from "./document-paths.js";
import { formatContinuation, parseContinuation } from "./folder-continuation.js";
import { sectionUrl } from "./folder-index-reader.js";
import {
  type FolderOptions,
  type ResolvedFolderOptions,
  resolveFolderOptions,
} from "./folder-options.js";
import { toFtsQuery } from "./fts-query.js";
import { type IndexAccess, rowsRead, withIndex } from "./index-attempt.js";
import { IndexConnection } from "./index-connection.js";
import { buildIndex } from "./index-folder.js";
import { IndexRefresher } from "./index-refresher.js";
import type { IndexRunOptions, IndexSummary } from "./index-summary.js";
import { recencyScore } from "./recency-score.js";

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
  readonly #access: IndexAccess;
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
    this.#access = { options, refresher, connection: this.#connection };
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
    return withIndex(
      this.#access,
      request.collectionId,
      attempt,
      "search",
      (reader, collection) => {
        const offset = parseContinuation(request.continuation, reader.build);
        if (isFailure(offset)) return offset;
        const words = queryWords(request.query);
        // A question with no word in it (only punctuation) matches nothing: an ordinary answer.
        if (words.length === 0) return { kind: "no_match" };
        const ftsQuery = toFtsQuery(request.query) as string;
        const pageSize = Math.max(1, Math.min(request.pageSize, attempt.limits.pageItems));
        const prefer = request.prefer ?? "relevance";
        // One row past the page says whether there is more, without counting every match.
        const rows = reader.search(ftsQuery, collection, { limit: pageSize + 1, offset, prefer });
        const page = rows.slice(0, pageSize);
        let bytes = 0;
        const outcome = pageOf(page, {
          asked: pageSize,
          first: offset === 0,
          readHit: (row) => {
            const documentId = relativeTo(collection, row.path);
            const passage = bestPassage(row.body, words, attempt.limits.passageChars);
            bytes += row.title.length + passage.length + row.heading.length;
            const crawled = reader.page(row.path);
            const url = crawled === undefined ? undefined : sectionUrl(crawled, row.position);
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
          },
          more: rows.length > pageSize,
          next: formatContinuation(reader.build, offset, page.length),
          version: reader.build,
        });
        attempt.annotate(rowsRead(page.length, bytes));
        return outcome;
      },
    );
  }

  async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
    return withIndex(
      this.#access,
      request.collectionId,
      attempt,
      "get_document",
      (reader, collection) => {
        const path = pathIn(collection, request.documentId);
        if (path === undefined) return { kind: "not_found" };
        // The file's row counts its sections: a document is too large before one is read (and a
        // file of no sections is still a document, so this is not the kit's documentOf).
        const rows = reader.document(path, attempt.limits.documentSections);
        if (rows === undefined) return { kind: "not_found" };
        if (rows === "too_large") return tooManySections(attempt.limits.documentSections);
        let bytes = rows.title.length;
        for (const section of rows.sections) bytes += section.heading.length + section.body.length;
        attempt.annotate(rowsRead(rows.sections.length, bytes));
        // No HTTP read bounds these bytes (the hosted engines' sendRequest does): bound them here.
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
      },
    );
  }
}
