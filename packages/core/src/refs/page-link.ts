/**
 * A record's page address as a link the app may show: an absolute http(s) URL, normalized, or
 * undefined. A record is data from the index, not from us: `javascript:`, `data:` or a relative
 * path is never handed on as a link.
 */
export function pageLink(url: string | undefined): string | undefined {
  if (url === undefined || url.length > 2048 || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  // Credentials in a record's URL are someone's secret: a link never carries them.
  if (parsed.username !== "" || parsed.password !== "") return undefined;
  return parsed.href;
}
