import type {
  CrawledPage,
  CrawlProgress,
  CrawlResult,
  CrawlSkip,
  ResolvedCrawlOptions,
  StoredPage,
} from "./crawl-options.js";
import { isMarkdown, lastSegment, markdownPage } from "./crawl-text.js";
import { discoverPages, readRobots } from "./discover-pages.js";
import { type FetchLimits, fetchPage } from "./fetch-page.js";
import { htmlSections } from "./html-sections.js";

export type {
  CrawledPage,
  CrawlOptions,
  CrawlProgress,
  CrawlResult,
  CrawlSkip,
  ResolvedCrawlOptions,
  StoredPage,
} from "./crawl-options.js";
export { resolveCrawlOptions } from "./crawl-options.js";

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

  // robots.txt first: what it allows, and the sitemaps it names.
  const { robots, sitemaps } = await readRobots(options, limits, deadline, run.signal);

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
  await discoverPages(scope, sitemaps, get, enqueue);
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
