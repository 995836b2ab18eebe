import type { Caller } from "@search-docs/core";
import { sessionCookieName } from "./session-cookie";

/**
 * The end user's docs credentials, read from this request alone: an `Authorization: Bearer`
 * header (API clients) or the session cookie (the browser). There is no process-wide fallback, so
 * two users asking at once each search with their own scope; undefined means "not signed in".
 */
export function callerFromRequest(request: Request): Caller | undefined {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    // A malformed header is refused rather than skipped: falling back to a cookie would search
    // as someone the client did not ask to be.
    const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
    return token === undefined ? undefined : { token };
  }
  const token = readCookie(request.headers.get("cookie"), sessionCookieName);
  return token === undefined || token === "" ? undefined : { token };
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const pair of header?.split(";") ?? []) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
