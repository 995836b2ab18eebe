import { ConfigurationError } from "../errors/configuration-error.js";

/**
 * Which URLs a crawl may fetch: the start URL's origin and path prefix by default, narrowed by
 * `include` / `exclude` patterns on the path (`*` within a segment, `**` across segments).
 * URLs are compared without their query and fragment: query variants are one page.
 */
export interface CrawlScope {
  readonly origin: string;
  /** The path prefix, ending in "/". */
  readonly prefix: string;
  /** The page's canonical form (no query, no fragment) when in scope, else undefined. */
  canonical(url: string | URL, base?: string | URL): URL | undefined;
  /** A page's path under the prefix, as its document id: `guides/setup`, `index` for the start. */
  pathOf(url: URL): string;
}

export function crawlScope(
  start: string,
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): CrawlScope {
  let startUrl: URL;
  try {
    startUrl = new URL(start);
  } catch {
    throw new ConfigurationError({ option: "url", message: `site: ${start} is not a URL.` });
  }
  if (startUrl.protocol !== "http:" && startUrl.protocol !== "https:") {
    throw new ConfigurationError({
      option: "url",
      message: "site: the URL must be http or https.",
    });
  }
  if (startUrl.username !== "" || startUrl.password !== "") {
    throw new ConfigurationError({
      option: "url",
      message: "site: credentials in the URL are refused (they would be sent to every page).",
    });
  }
  const origin = startUrl.origin;
  const prefix = startUrl.pathname.endsWith("/")
    ? startUrl.pathname
    : startUrl.pathname.slice(0, startUrl.pathname.lastIndexOf("/") + 1);
  const includes = include.map(globOf);
  const excludes = exclude.map(globOf);
  return {
    origin,
    prefix,
    canonical(url, base) {
      let parsed: URL;
      try {
        parsed = new URL(url, base);
      } catch {
        return undefined;
      }
      if (parsed.origin !== origin || parsed.username !== "" || parsed.password !== "") {
        return undefined;
      }
      parsed.search = "";
      parsed.hash = "";
      const path = parsed.pathname;
      if (!path.startsWith(prefix) && `${path}/` !== prefix) return undefined;
      if (includes.length > 0 && !includes.some((pattern) => pattern.test(path))) return undefined;
      if (excludes.some((pattern) => pattern.test(path))) return undefined;
      return parsed;
    },
    pathOf(url) {
      let path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : "";
      path = path.replace(/\/+$/, "").replace(/\.(md|mdx|html?)$/i, "");
      const decoded = path
        .split("/")
        .filter((part) => part !== "")
        .map((part) => {
          try {
            return decodeURIComponent(part);
          } catch {
            return part;
          }
        })
        .join("/");
      return decoded === "" ? "index" : decoded;
    },
  };
}

function globOf(pattern: string): RegExp {
  const body = pattern
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${pattern.startsWith("/") ? "" : "(?:.*/)?"}${body}$`);
}
