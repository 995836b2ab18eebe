import { type CrawlScope, crawlScope } from "./crawl-scope.js";
import type { Fetch, FetchSkip } from "./fetch-page.js";

export interface CrawlOptions {
  /** The start page; its origin and path prefix are the crawl's scope. */
  url: string;
  /** Path patterns a page must match (`/docs/**`, `*.html`); default: every page in scope. */
  include?: readonly string[];
  /** Path patterns left out (`/blog/**`). */
  exclude?: readonly string[];
  /** Pages fetched at most per run. Default 1,000. */
  maxPages?: number;
  /** A page larger than this is skipped ("too_large"). Default 5 MiB. */
  maxPageBytes?: number;
  /** Bytes read in all per run; past it the rest is skipped ("byte_budget"). Default 200 MiB. */
  maxTotalBytes?: number;
  /** The whole run's time; past it the rest is skipped ("time_budget"). Default 10 minutes. */
  timeBudgetMs?: number;
  /** One request's time ("timeout"). Default 15 s. */
  pageTimeoutMs?: number;
  /** Requests in flight at once (one host). Default 4. */
  concurrency?: number;
  /** The longest Retry-After waited (once per page). Default 30 s. */
  maxRetryAfterMs?: number;
  userAgent?: string;
  /** Injected for tests; default the global fetch. */
  fetch?: Fetch;
}

export type ResolvedCrawlOptions = Required<Omit<CrawlOptions, "include" | "exclude">> & {
  scope: CrawlScope;
};

/** Why a page was left out, each counted in the crawl summary. */
export type CrawlSkip =
  | FetchSkip
  | "robots"
  | "page_cap"
  | "byte_budget"
  | "duplicate"
  | "script_rendered"
  | "empty"
  | "not_a_page";

/** One page's outcome in a run. */
export type CrawledPage =
  | {
      kind: "page";
      path: string;
      url: string;
      title: string;
      sections: { heading: string; body: string; anchor: string }[];
      etag?: string;
      lastModified?: string;
      bytes: number;
    }
  | { kind: "not_modified"; path: string }
  | { kind: "gone"; path: string; status: number }
  | { kind: "failed"; path: string; url: string; reason: CrawlSkip; status?: number };

export interface StoredPage {
  url: string;
  etag?: string;
  lastModified?: string;
}

export interface CrawlProgress {
  discovered: number;
  fetched: number;
  skipped: number;
  bytes: number;
}

export interface CrawlResult {
  pages: CrawledPage[];
  discovered: number;
  skipped: Partial<Record<CrawlSkip, number>>;
  bytes: number;
}

export function resolveCrawlOptions(options: CrawlOptions): ResolvedCrawlOptions {
  return {
    url: options.url,
    maxPages: options.maxPages ?? 1_000,
    maxPageBytes: options.maxPageBytes ?? 5 * 1024 * 1024,
    maxTotalBytes: options.maxTotalBytes ?? 200 * 1024 * 1024,
    timeBudgetMs: options.timeBudgetMs ?? 600_000,
    pageTimeoutMs: options.pageTimeoutMs ?? 15_000,
    concurrency: options.concurrency ?? 4,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
    userAgent: options.userAgent ?? "search-docs",
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    scope: crawlScope(options.url, options.include, options.exclude),
  };
}
