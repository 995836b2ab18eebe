import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { CollectionFolder } from "./folder-options.js";
import { scopeFilter } from "./folder-scope.js";
import { columnWeights, indexSchemaVersion } from "./index-schema.js";

export interface SectionRow {
  path: string;
  position: number;
  title: string;
  heading: string;
  updated: string;
  score: number;
  body: string;
}

export interface CrawledPage {
  /** The page's address, without a fragment. */
  url: string;
  /** Each section's anchor by position (1-based position → index + 1); "" for none. */
  anchors: string[];
}

/** The address of a crawled page's section at `position` (1-based): with its anchor when it has one. */
export function sectionUrl(page: CrawledPage, position: number): string {
  const anchor = page.anchors[position - 1] ?? "";
  return anchor === "" ? page.url : `${page.url}#${encodeURIComponent(anchor)}`;
}

export interface DocumentRows {
  title: string;
  updated: string;
  sections: { position: number; heading: string; body: string }[];
}

/**
 * Characters of a section's body a search row carries, for its passage: bounded, so a page of
 * hits stays small whatever the files hold (snippet() is not used: it would run on every
 * matching row before the sort, which measured slower than cutting the passage from these).
 */
const maxBodyChars = 8000;

/**
 * A read-only connection to one index file. Opened on the file in place; when the index is swapped
 * (renamed over), this connection keeps reading the file it opened until it is closed.
 */
export class FolderIndexReader {
  readonly build: string;
  /** A site's index whose last crawl read no page: why (empty otherwise). */
  readonly crawlFailure: string;
  /** A site's index whose last crawl skipped pages: which, by reason, in a line (empty otherwise). */
  readonly crawlSkipped: string;
  /** A site's index keeps each page's address and its sections' anchors; a folder's does not. */
  readonly #hasPages: boolean;
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(path: string) {
    this.#database = new DatabaseSync(path, { readOnly: true });
    try {
      const rows = this.#database.prepare("SELECT key, value FROM meta").all() as {
        key: string;
        value: string;
      }[];
      const meta = new Map(rows.map((row) => [row.key, row.value]));
      if (meta.get("schema") !== indexSchemaVersion) {
        throw new IndexFormatError(
          `index format ${meta.get("schema") ?? "unknown"}, expected ${indexSchemaVersion}`,
        );
      }
      this.build = meta.get("build") ?? "";
      this.crawlFailure = meta.get("crawl_failed") ?? "";
      this.crawlSkipped = skippedLine(meta.get("crawl_skipped"));
      this.#hasPages =
        this.#database
          .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pages'")
          .get() !== undefined;
    } catch (error) {
      this.#database.close();
      throw error;
    }
  }

  /**
   * One page of section hits for an FTS5 query, within a collection's folder, best first; one
   * extra row is asked for so the caller knows whether more exist.
   */
  search(
    ftsQuery: string,
    collection: CollectionFolder,
    { limit, offset, prefer }: { limit: number; offset: number; prefer: "relevance" | "recent" },
  ): SectionRow[] {
    const scope = scopeFilter(collection);
    const match = scope === undefined ? ftsQuery : `${scope} AND (${ftsQuery})`;
    const score = `-bm25(sections_fts, ${columnWeights.title}, ${columnWeights.heading}, ${columnWeights.body}, 0)`;
    // By relevance, FTS5 ranks the collection's matching rows alone and only the page's rows are
    // joined; by date, every matching row needs its file's date, so they are all joined.
    const sql =
      prefer === "recent"
        ? `SELECT s.path, s.position, s.title, s.heading, f.updated, ${score} AS score,
            substr(s.body, 1, ${maxBodyChars}) AS body
          FROM sections_fts JOIN sections s ON s.id = sections_fts.rowid JOIN files f ON f.path = s.path
          WHERE sections_fts MATCH :match
          ORDER BY f.updated DESC, score DESC, s.id LIMIT :limit OFFSET :offset`
        : `SELECT s.path, s.position, s.title, s.heading, f.updated, ranked.score,
            substr(s.body, 1, ${maxBodyChars}) AS body
          FROM (SELECT rowid AS id, ${score} AS score FROM sections_fts WHERE sections_fts MATCH :match
                ORDER BY score DESC, rowid LIMIT :limit OFFSET :offset) AS ranked
          JOIN sections s ON s.id = ranked.id JOIN files f ON f.path = s.path
          ORDER BY ranked.score DESC, ranked.id`;
    return this.#statement(sql).all({ match, limit, offset }) as unknown as SectionRow[];
  }

  /** A file's sections in order, or undefined when the index has no such file. */
  document(path: string, maxSections: number): DocumentRows | "too_large" | undefined {
    const file = this.#statement("SELECT title, updated, sections FROM files WHERE path = ?").get(
      path,
    ) as { title: string; updated: string; sections: number } | undefined;
    if (file === undefined) return undefined;
    if (file.sections > maxSections) return "too_large";
    const sections = this.#statement(
      "SELECT position, heading, body FROM sections WHERE path = ? ORDER BY position LIMIT ?",
    ).all(path, maxSections + 1) as unknown as DocumentRows["sections"];
    return { title: file.title, updated: file.updated, sections };
  }

  /** A crawled page's address and its sections' anchors (in order); undefined for a folder's files. */
  page(path: string): CrawledPage | undefined {
    if (!this.#hasPages) return undefined;
    const row = this.#statement("SELECT url, anchors FROM pages WHERE path = ?").get(path) as
      | { url: string; anchors: string }
      | undefined;
    if (row === undefined) return undefined;
    const anchors = JSON.parse(row.anchors) as unknown;
    return {
      url: row.url.split("#")[0] as string,
      anchors: Array.isArray(anchors) ? anchors.map((anchor) => String(anchor ?? "")) : [],
    };
  }

  close(): void {
    this.#database.close();
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** The file is a SQLite database, but not an index this version can read. */
export class IndexFormatError extends Error {
  override name = "IndexFormatError";
}

/** "the last crawl skipped 3 pages (robots 1, timeout 2)" from the stored counts, or "". */
function skippedLine(stored: string | undefined): string {
  if (stored === undefined || stored === "") return "";
  let counts: unknown;
  try {
    counts = JSON.parse(stored);
  } catch {
    return "";
  }
  if (typeof counts !== "object" || counts === null) return "";
  const parts = Object.entries(counts).filter(
    (entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0,
  );
  if (parts.length === 0) return "";
  const total = parts.reduce((sum, [, count]) => sum + count, 0);
  return `the last crawl skipped ${total} page${total === 1 ? "" : "s"} (${parts.map(([reason, count]) => `${reason} ${count}`).join(", ")}): what they hold is not in this answer`;
}
