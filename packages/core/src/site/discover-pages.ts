import type { ResolvedCrawlOptions } from "./crawl-options.js";
import type { CrawlScope } from "./crawl-scope.js";
import { decodeXml, safeUrl } from "./crawl-text.js";
import { type FetchLimits, type FetchOutcome, fetchPage } from "./fetch-page.js";
import { allowEverything, parseRobots, type RobotsRules } from "./robots-rules.js";

const maxSitemaps = 50;

/**
 * robots.txt, read first: RFC 9309 — a 4xx allows all, an unreachable one (5xx, network) allows
 * none. Also the sitemaps it names.
 */
export async function readRobots(
  options: ResolvedCrawlOptions,
  limits: FetchLimits,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<{ robots: RobotsRules; sitemaps: string[] }> {
  const { scope } = options;
  const sitemaps: string[] = [];
  const answer = await fetchPage(
    options.fetch,
    new URL("/robots.txt", scope.origin),
    { ...scope, canonical: (url, base) => safeUrl(url, base) },
    limits,
    undefined,
    deadline,
    signal,
  );
  if (answer.kind === "ok") {
    for (const match of answer.text.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)) {
      if (match[1] !== undefined) sitemaps.push(match[1]);
    }
    return { robots: parseRobots(answer.text, options.userAgent), sitemaps };
  }
  if (answer.kind === "failed" && answer.reason !== "http_error") {
    return { robots: { allows: () => false }, sitemaps };
  }
  return { robots: allowEverything, sitemaps };
}

/**
 * Pages named by `llms.txt` (its links are often the pages' Markdown), then by the sitemaps
 * (robots.txt's, then the usual places; sitemap indexes followed, at most 50, same origin only).
 */
export async function discoverPages(
  scope: CrawlScope,
  sitemaps: string[],
  get: (url: URL) => Promise<FetchOutcome>,
  enqueue: (href: string, base?: string | URL) => void,
): Promise<void> {
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
}
