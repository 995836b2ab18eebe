import { parseRetryAfter } from "../backend-kit/parse-retry-after.js";
import type { CrawlScope } from "./crawl-scope.js";

export type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Longest Retry-After waited on a 429 or 503 before the page is given up for this run. */
  maxRetryAfterMs: number;
  userAgent: string;
}

export type FetchOutcome =
  | {
      kind: "ok";
      url: URL;
      status: number;
      text: string;
      bytes: number;
      contentType: string;
      etag?: string;
      lastModified?: string;
    }
  | { kind: "not_modified"; url: URL }
  | { kind: "gone"; status: number }
  | { kind: "failed"; reason: FetchSkip; status?: number };

/** Why a page was not read this run, each counted in the crawl summary. */
export type FetchSkip =
  | "http_error"
  | "server_error"
  | "rate_limited"
  | "timeout"
  | "network"
  | "too_large"
  | "redirect_out_of_scope"
  | "too_many_redirects"
  | "time_budget";

const maxRedirects = 5;

/**
 * One page, one attempt (plus one wait on Retry-After): bounded in time and bytes, redirects
 * followed by hand and only within scope — so nothing (not even the user agent's cookies, which
 * fetch never sends here) goes to another origin. A conditional request when the page was stored
 * with a validator.
 */
export async function fetchPage(
  fetch: Fetch,
  start: URL,
  scope: CrawlScope,
  limits: FetchLimits,
  validators: { etag?: string; lastModified?: string } | undefined,
  deadline: number,
  signal?: AbortSignal,
): Promise<FetchOutcome> {
  let url = start;
  let waited = false;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const left = deadline - Date.now();
    if (left <= 0) return { kind: "failed", reason: "time_budget" };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.min(limits.timeoutMs, left));
    const abort = () => controller.abort();
    signal?.addEventListener("abort", abort);
    try {
      const headers: Record<string, string> = {
        "user-agent": limits.userAgent,
        accept: "text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.1",
      };
      if (hop === 0 && validators?.etag) headers["if-none-match"] = validators.etag;
      if (hop === 0 && validators?.lastModified) {
        headers["if-modified-since"] = validators.lastModified;
      }
      const response = await fetch(url, {
        headers,
        redirect: "manual",
        credentials: "omit",
        signal: controller.signal,
      });
      const { status } = response;
      if (status >= 300 && status < 400 && status !== 304) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        const next = location === null ? undefined : scope.canonical(location, url);
        if (next === undefined) return { kind: "failed", reason: "redirect_out_of_scope", status };
        url = next;
        continue;
      }
      if (status === 304) return { kind: "not_modified", url };
      if (status === 404 || status === 410) {
        await response.body?.cancel();
        return { kind: "gone", status };
      }
      if (status === 429 || status === 503) {
        await response.body?.cancel();
        const wait = parseRetryAfter(response.headers.get("retry-after"), Date.now());
        if (!waited && wait !== undefined && wait <= limits.maxRetryAfterMs && wait < left) {
          waited = true;
          clearTimeout(timer);
          await new Promise((resolve) => setTimeout(resolve, wait));
          hop--;
          continue;
        }
        return { kind: "failed", reason: status === 429 ? "rate_limited" : "server_error", status };
      }
      if (status >= 500) {
        await response.body?.cancel();
        return { kind: "failed", reason: "server_error", status };
      }
      if (status < 200 || status >= 300) {
        await response.body?.cancel();
        return { kind: "failed", reason: "http_error", status };
      }
      const body = await readBounded(response, limits.maxBytes);
      if (body === undefined) return { kind: "failed", reason: "too_large", status };
      const etag = response.headers.get("etag");
      const lastModified = response.headers.get("last-modified");
      return {
        kind: "ok",
        url,
        status,
        text: new TextDecoder("utf-8").decode(body),
        bytes: body.byteLength,
        contentType: (response.headers.get("content-type") ?? "").toLowerCase(),
        ...(etag === null ? {} : { etag }),
        ...(lastModified === null ? {} : { lastModified }),
      };
    } catch {
      if (controller.signal.aborted && !signal?.aborted)
        return { kind: "failed", reason: "timeout" };
      return { kind: "failed", reason: "network" };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
    }
  }
  return { kind: "failed", reason: "too_many_redirects" };
}

/** The body, or undefined past `maxBytes` (the declared length is checked before reading). */
async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
