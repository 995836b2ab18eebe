import { createHash } from "node:crypto";
import { mkdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { documentRows } from "../folder/document-rows.js";
import { indexSchemaVersion } from "../folder/index-schema.js";
import { refPathFits } from "../folder/ref-path-budget.js";
import { removeAbandonedCopies, setMeta, writeIndexAside } from "../folder/write-index-aside.js";
import { defaultLimits } from "../limits.js";
import {
  type CrawlOptions,
  type CrawlProgress,
  type CrawlSkip,
  crawlSite,
  type ResolvedCrawlOptions,
  resolveCrawlOptions,
  type StoredPage,
} from "./crawl-site.js";

export interface SiteOptions extends CrawlOptions {
  /** Where the index lives. Default: `$XDG_CACHE_HOME/search-docs/<hash of the URL>.sqlite`. */
  indexPath?: string;
  /** The longest ref (`limits.refChars`): a page whose path would not fit is skipped ("path_too_long"). */
  refChars?: number;
  environment?: NodeJS.ProcessEnv;
}

export interface ResolvedSiteOptions {
  crawl: ResolvedCrawlOptions;
  indexPath: string;
  refChars: number;
}

/** What one crawl did; the CLI prints it (a table, or `--json`). */
export interface SiteIndexSummary {
  url: string;
  indexPath: string;
  /** Pages and sections in the index after the run. */
  pages: number;
  sections: number;
  /** Page URLs found (llms.txt, sitemaps, links), in scope, deduplicated. */
  discovered: number;
  /** Pages read anew (200) and (re)indexed. */
  indexed: number;
  /** Pages the site said were unchanged (304): their stored sections kept. */
  notModified: number;
  /** Pages now 404 or 410: dropped. */
  removed: number;
  /** Pages stored before that failed this run (5xx, timeout...): kept as they were. */
  kept: number;
  /** Pages left out, by reason. */
  skipped: Partial<Record<CrawlSkip | "path_too_long", number>>;
  bytes: number;
  /** Set when the crawl read no page at all: why (the index answers `unavailable` until a crawl succeeds). */
  failed?: string;
  indexBytes: number;
  durationMs: number;
}

export function resolveSiteOptions(options: SiteOptions): ResolvedSiteOptions {
  const crawl = resolveCrawlOptions(options);
  const environment = options.environment ?? process.env;
  return {
    crawl,
    indexPath:
      options.indexPath === undefined
        ? defaultSiteIndexPath(crawl.scope.origin + crawl.scope.prefix, environment)
        : resolve(options.indexPath),
    refChars: options.refChars ?? defaultLimits.refChars,
  };
}

function defaultSiteIndexPath(url: string, environment: NodeJS.ProcessEnv): string {
  const xdg = environment.XDG_CACHE_HOME;
  const cache = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), ".cache");
  return join(
    cache,
    "search-docs",
    `${createHash("sha256").update(url).digest("hex").slice(0, 16)}.sqlite`,
  );
}

const pagesSql =
  "CREATE TABLE IF NOT EXISTS pages (path TEXT PRIMARY KEY, url TEXT NOT NULL, etag TEXT, last_modified TEXT, anchors TEXT NOT NULL) WITHOUT ROWID";

/**
 * Crawls a docs site into the same SQLite index a folder uses, written aside and swapped in one
 * step. A later run revalidates what it stored (ETag / Last-Modified), drops pages now 404/410,
 * keeps pages that failed, and adds new ones. A crawl that read nothing still swaps: the index
 * then says the crawl failed, so a search is `unavailable` with the cause, never `no_matches`.
 */
export function indexSite(
  options: SiteOptions,
  run: { onProgress?: (progress: CrawlProgress) => void; signal?: AbortSignal } = {},
): Promise<SiteIndexSummary> {
  return buildSiteIndex(resolveSiteOptions(options), run);
}

export async function buildSiteIndex(
  resolved: ResolvedSiteOptions,
  run: { onProgress?: (progress: CrawlProgress) => void; signal?: AbortSignal } = {},
): Promise<SiteIndexSummary> {
  const started = performance.now();
  const { crawl, indexPath } = resolved;
  const root = crawl.scope.origin + crawl.scope.prefix;
  mkdirSync(dirname(indexPath), { recursive: true });
  removeAbandonedCopies(indexPath);
  const stored = readStoredPages(indexPath, root);
  const result = await crawlSite(crawl, stored ?? new Map(), run);
  const skipped: SiteIndexSummary["skipped"] = { ...result.skipped };
  const counts = { indexed: 0, notModified: 0, removed: 0, kept: 0 };
  const read = result.pages.filter((page) => page.kind === "page" || page.kind === "not_modified");
  const failures = result.pages.filter((page) => page.kind === "failed");
  const failed =
    read.length === 0
      ? `no page could be read from ${crawl.url}${failures[0] === undefined ? "" : ` (${failures[0].url}: ${failures[0].reason}${failures[0].status === undefined ? "" : ` ${failures[0].status}`})`}`
      : undefined;
  const { totals } = await writeIndexAside(
    indexPath,
    { reuse: stored !== undefined, meta: { root } },
    async (database) => {
      database.exec(pagesSql);
      const rows = documentRows(database);
      const upsert = database.prepare(
        "INSERT INTO pages (path, url, etag, last_modified, anchors) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET url = excluded.url, etag = excluded.etag, last_modified = excluded.last_modified, anchors = excluded.anchors",
      );
      const forget = database.prepare("DELETE FROM pages WHERE path = ?");
      database.exec("BEGIN");
      for (const page of result.pages) {
        const before = stored?.has(page.path) === true;
        if (page.kind === "not_modified") counts.notModified++;
        else if (page.kind === "failed") {
          if (before) counts.kept++;
        } else if (page.kind === "gone") {
          rows.remove(page.path);
          forget.run(page.path);
          counts.removed++;
        } else if (!refPathFits(page.path, resolved.refChars)) {
          skipped.path_too_long = (skipped.path_too_long ?? 0) + 1;
        } else {
          if (before) rows.remove(page.path);
          rows.add({
            path: page.path,
            mtimeMs: -1,
            size: page.bytes,
            title: page.title,
            updated: toDay(page.lastModified),
            sections: page.sections,
          });
          upsert.run(
            page.path,
            page.url,
            page.etag ?? null,
            page.lastModified ?? null,
            JSON.stringify(page.sections.map((section) => section.anchor)),
          );
          counts.indexed++;
        }
      }
      database.exec("COMMIT");
      setMeta(database, {
        crawl_failed: failed ?? "",
        crawl_skipped: JSON.stringify(skipped),
      });
    },
  );
  return {
    url: crawl.url,
    indexPath,
    pages: totals.files,
    sections: totals.sections,
    discovered: result.discovered,
    ...counts,
    skipped,
    bytes: result.bytes,
    ...(failed === undefined ? {} : { failed }),
    indexBytes: statSync(indexPath).size,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The pages an index in place holds for this site (to revalidate), or undefined to start over. */
function readStoredPages(indexPath: string, root: string): Map<string, StoredPage> | undefined {
  let database: DatabaseSync | undefined;
  try {
    database = new DatabaseSync(indexPath, { readOnly: true });
    const meta = new Map(
      (
        database.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]
      ).map((row) => [row.key, row.value]),
    );
    if (meta.get("schema") !== indexSchemaVersion || meta.get("root") !== root) return undefined;
    const stored = new Map<string, StoredPage>();
    const hasPages = database
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pages'")
      .get();
    if (hasPages === undefined) return stored;
    for (const row of database
      .prepare("SELECT path, url, etag, last_modified FROM pages")
      .all() as {
      path: string;
      url: string;
      etag: string | null;
      last_modified: string | null;
    }[]) {
      stored.set(row.path, {
        url: row.url,
        ...(row.etag === null ? {} : { etag: row.etag }),
        ...(row.last_modified === null ? {} : { lastModified: row.last_modified }),
      });
    }
    return stored;
  } catch {
    return undefined;
  } finally {
    database?.close();
  }
}

function toDay(lastModified: string | undefined): string {
  const parsed = lastModified === undefined ? Number.NaN : Date.parse(lastModified);
  return new Date(Number.isNaN(parsed) ? Date.now() : parsed).toISOString().slice(0, 10);
}
