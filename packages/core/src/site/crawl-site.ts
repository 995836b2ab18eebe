import { parseDocument } from "../folder/parse-document.js";
import { type CrawlScope, crawlScope } from "./crawl-scope.js";
import { type Fetch, type FetchLimits, type FetchSkip, fetchPage } from "./fetch-page.js";
import { headingAnchors } from "./heading-anchors.js";
import { htmlSections } from "./html-sections.js";
import { allowEverything, parseRobots, type RobotsRules } from "./robots-rules.js";

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

const maxSitemaps = 50;

/**
 * Crawls a docs site: pages found from `llms.txt`, then the sitemaps (indexes followed), then
 * links from the start page on; each page's Markdown preferred to its HTML. Every page stored
 * before is asked again (conditionally): 304 keeps it, 404/410 drops it, anything else keeps it
 * and is reported. Never throws for what the site serves.
 */
export async function crawlSite(
  options: ResolvedCrawlOptions,
  stored: ReadonlyMap<string, StoredPage>,
  run: { onProgress?: (progress: CrawlProgress) => void; signal?: AbortSignal } = {},
): Promise<CrawlResult> {
  const { scope } = options;
  const deadline = Date.now() + options.timeBudgetMs;
  const limits: FetchLimits = {
    timeoutMs: options.pageTimeoutMs,
    maxBytes: options.maxPageBytes,
    maxRetryAfterMs: options.maxRetryAfterMs,
    userAgent: options.userAgent,
  };
  const skipped: Partial<Record<CrawlSkip, number>> = {};
  const skip = (reason: CrawlSkip) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const pages: CrawledPage[] = [];
  let bytes = 0;
  let fetched = 0;
  const get = async (url: URL, validators?: StoredPage) => {
    const outcome = await fetchPage(
      options.fetch,
      url,
      scope,
      limits,
      validators,
      deadline,
      run.signal,
    );
    if (outcome.kind === "ok") bytes += outcome.bytes;
    return outcome;
  };
  const progress = () =>
    run.onProgress?.({
      discovered: queued.size,
      fetched,
      skipped: Object.values(skipped).reduce((sum, count) => sum + (count ?? 0), 0),
      bytes,
    });

  // robots.txt first: RFC 9309 — a 4xx allows all, an unreachable one (5xx, network) allows none.
  let robots: RobotsRules = allowEverything;
  const sitemaps: string[] = [];
  const robotsAnswer = await fetchPage(
    options.fetch,
    new URL("/robots.txt", scope.origin),
    { ...scope, canonical: (url, base) => safeUrl(url, base) },
    limits,
    undefined,
    deadline,
    run.signal,
  );
  if (robotsAnswer.kind === "ok") {
    robots = parseRobots(robotsAnswer.text, options.userAgent);
    for (const match of robotsAnswer.text.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)) {
      if (match[1] !== undefined) sitemaps.push(match[1]);
    }
  } else if (robotsAnswer.kind === "failed" && robotsAnswer.reason !== "http_error") {
    robots = { allows: () => false };
  }

  // The queue, by page path: one page however many URLs (query variants, `.md`, trailing slash).
  const queued = new Map<string, URL>();
  const queue: URL[] = [];
  let overCap = 0;
  const enqueue = (href: string, base?: string | URL) => {
    const url = scope.canonical(href, base);
    if (url === undefined) return;
    const path = scope.pathOf(url);
    if (queued.has(path)) return;
    if (queued.size >= options.maxPages) {
      // A link trap (calendars, endless pagination) ends here: counted, never fetched.
      if (overCap++ < options.maxPages * 10) skip("page_cap");
      queued.set(path, url);
      return;
    }
    queued.set(path, url);
    if (!robots.allows(url.pathname)) {
      skip("robots");
      return;
    }
    queue.push(url);
  };

  // Discovery: llms.txt (its links are often the pages' Markdown), then the sitemaps.
  for (const name of new Set([`${scope.prefix}llms.txt`, "/llms.txt"])) {
    const answer = await get(new URL(name, scope.origin));
    if (answer.kind !== "ok") continue;
    for (const match of answer.text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (match[1] !== undefined) enqueue(match[1], answer.url);
    }
  }
  sitemaps.push(new URL(`${scope.prefix}sitemap.xml`, scope.origin).href);
  sitemaps.push(new URL("/sitemap.xml", scope.origin).href);
  const seenSitemaps = new Set<string>();
  while (sitemaps.length > 0 && seenSitemaps.size < maxSitemaps) {
    const href = sitemaps.shift() as string;
    const url = safeUrl(href);
    if (url === undefined || url.origin !== scope.origin || seenSitemaps.has(url.href)) continue;
    seenSitemaps.add(url.href);
    const answer = await get(url);
    if (answer.kind !== "ok") continue;
    const locs = [...answer.text.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) =>
      decodeXml(match[1] ?? ""),
    );
    if (/<sitemapindex[\s>]/.test(answer.text)) sitemaps.push(...locs);
    else for (const loc of locs) enqueue(loc);
  }
  enqueue(options.url);
  for (const page of stored.values()) enqueue(page.url);
  progress();

  const readPage = async (url: URL): Promise<void> => {
    let path = scope.pathOf(url);
    const before = stored.get(path);
    if (bytes >= options.maxTotalBytes) {
      skip("byte_budget");
      if (before !== undefined) pages.push({ kind: "not_modified", path });
      return;
    }
    const answer = await get(url, before);
    if (answer.kind === "not_modified") {
      fetched++;
      pages.push({ kind: "not_modified", path });
      return;
    }
    if (answer.kind === "gone") {
      if (before !== undefined) pages.push({ kind: "gone", path, status: answer.status });
      else skip("http_error");
      return;
    }
    if (answer.kind === "failed") {
      skip(answer.reason);
      pages.push({
        kind: "failed",
        path,
        url: url.href,
        reason: answer.reason,
        ...(answer.status === undefined ? {} : { status: answer.status }),
      });
      return;
    }
    fetched++;
    // Redirected within scope: the page is where it landed, read once whichever URL led there.
    const landed = scope.pathOf(answer.url);
    if (landed !== path) {
      if (queued.has(landed) || stored.has(landed)) {
        skip("duplicate");
        return;
      }
      queued.set(landed, answer.url);
      path = landed;
    }
    const validators = {
      ...(answer.etag === undefined ? {} : { etag: answer.etag }),
      ...(answer.lastModified === undefined ? {} : { lastModified: answer.lastModified }),
    };
    const pageUrl = answer.url.href.replace(/\.md$/i, "");
    if (isMarkdown(answer.url, answer.contentType)) {
      pages.push({
        kind: "page",
        path,
        url: pageUrl,
        ...markdownPage(answer.text, path),
        ...validators,
        bytes: answer.bytes,
      });
      return;
    }
    if (!/html/.test(answer.contentType) && answer.contentType !== "") {
      skip("not_a_page");
      return;
    }
    const html = await htmlSections(answer.text);
    for (const link of html.links) enqueue(link, answer.url);
    const canonical =
      html.canonicalUrl === undefined ? undefined : scope.canonical(html.canonicalUrl, answer.url);
    if (
      canonical !== undefined &&
      scope.pathOf(canonical) !== path &&
      queued.has(scope.pathOf(canonical))
    ) {
      // Another URL of a page already queued (its canonical says so): read once, there.
      skip("duplicate");
      return;
    }
    const alternate =
      html.markdownUrl === undefined ? undefined : scope.canonical(html.markdownUrl, answer.url);
    if (alternate !== undefined) {
      const markdown = await get(alternate);
      if (markdown.kind === "ok") {
        pages.push({
          kind: "page",
          path,
          url: pageUrl,
          ...markdownPage(markdown.text, path),
          ...validators,
          bytes: answer.bytes + markdown.bytes,
        });
        return;
      }
    }
    if (html.scriptRendered) {
      skip("script_rendered");
      return;
    }
    if (html.sections.length === 0) {
      skip("empty");
      return;
    }
    pages.push({
      kind: "page",
      path,
      url: pageUrl,
      title: html.title || lastSegment(path),
      sections: html.sections,
      ...validators,
      bytes: answer.bytes,
    });
  };

  // Bounded concurrency: at most `concurrency` requests in flight on the one host in scope.
  const active = new Set<Promise<void>>();
  let started = 0;
  while (queue.length > 0 || active.size > 0) {
    while (queue.length > 0 && active.size < options.concurrency) {
      if (run.signal?.aborted) throw run.signal.reason;
      const url = queue.shift() as URL;
      if (started >= options.maxPages) {
        skip("page_cap");
        continue;
      }
      started++;
      const task = readPage(url).finally(() => {
        active.delete(task);
        progress();
      });
      active.add(task);
    }
    if (active.size > 0) await Promise.race(active);
  }
  progress();
  return { pages, discovered: queued.size, skipped, bytes };
}

function markdownPage(text: string, path: string) {
  const document = parseDocument(text, lastSegment(path), "markdown");
  const anchors = headingAnchors(document.sections.map((section) => section.heading));
  return {
    title: document.title,
    sections: document.sections.map((section, index) => ({
      ...section,
      anchor: anchors[index] ?? "",
    })),
  };
}

function isMarkdown(url: URL, contentType: string): boolean {
  return (
    /markdown/.test(contentType) ||
    /\.mdx?$/i.test(url.pathname) ||
    /llms(-full)?\.txt$/.test(url.pathname)
  );
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function safeUrl(href: string | URL, base?: string | URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

function decodeXml(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
