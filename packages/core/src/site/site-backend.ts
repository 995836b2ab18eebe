import { ConfigurationError } from "../errors/configuration-error.js";
import { type FolderBackend, indexBackend } from "../folder/folder-backend.js";
import { IndexRefresher } from "../folder/index-refresher.js";
import { slugify } from "../refs/slugify.js";
import type { CrawlProgress } from "./crawl-site.js";
import {
  buildSiteIndex,
  resolveSiteOptions,
  type SiteIndexSummary,
  type SiteOptions,
} from "./index-site.js";

/** The collection id of a site's pages (one site, one collection). */
export const siteCollection = ".";

export interface SiteBackendOptions extends SiteOptions {
  /** Crawl when first used, and again `refreshAfterMs` after the last crawl. Default true. */
  autoIndex?: boolean;
  /** Default 6 hours: a site is not a folder, and a crawl is not free for it. 0: only once. */
  refreshAfterMs?: number;
}

export interface SiteBackend extends Omit<FolderBackend, "refresh" | "lastIndex"> {
  refresh(run?: {
    onProgress?: (progress: CrawlProgress) => void;
    signal?: AbortSignal;
  }): Promise<SiteIndexSummary>;
  lastIndex(): SiteIndexSummary | undefined;
}

/**
 * A docs website as a search backend: crawled into the folder backend's SQLite index (see
 * index-site.ts) and searched as a folder is. Refs are `<area>/<page path>#<section>`.
 */
export function siteBackend(options: SiteBackendOptions): SiteBackend {
  const resolved = resolveSiteOptions(options);
  const refreshAfterMs = options.refreshAfterMs ?? 6 * 60 * 60 * 1000;
  if (!Number.isSafeInteger(refreshAfterMs) || refreshAfterMs < 0) {
    throw new ConfigurationError({
      option: "refreshAfterMs",
      message: "site: refreshAfterMs must be a whole number of milliseconds, 0 or more.",
    });
  }
  const root = resolved.crawl.scope.origin + resolved.crawl.scope.prefix;
  const folderOptions = {
    root,
    indexPath: resolved.indexPath,
    collections: new Map([[siteCollection, { folder: "", recursive: true }]]),
    maxFileBytes: resolved.crawl.maxPageBytes,
    maxFiles: resolved.crawl.maxPages,
    maxDepth: 64,
    refChars: resolved.refChars,
    autoIndex: options.autoIndex ?? true,
  };
  const refresher = new IndexRefresher<SiteIndexSummary>(folderOptions, refreshAfterMs, (run) =>
    // The CLI gives a site's run its own progress callback (CrawlProgress); the type is shared.
    buildSiteIndex(resolved, run as Parameters<typeof buildSiteIndex>[1]),
  );
  // A page's path is already its document id, without a file extension to take off.
  return indexBackend(
    folderOptions,
    refresher,
    (documentId) => documentId,
  ) as unknown as SiteBackend;
}

/** The area name of a site: its path prefix's last folder (`docs`), else its host. */
export function siteAreaName(url: string): string {
  const parsed = new URL(url);
  const folders = parsed.pathname.split("/").filter((part) => part !== "");
  const prefix = parsed.pathname.endsWith("/") ? folders : folders.slice(0, -1);
  return slugify(prefix.at(-1) ?? "") || slugify(parsed.hostname) || "site";
}
