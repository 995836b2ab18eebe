import type { Caller } from "../contract/caller.js";

/** The request headers that carry `caller` over HTTP: a token as a bearer, or the headers as given. */
export function callerHeaders(caller: Caller): Record<string, string> {
  return "token" in caller ? { authorization: `Bearer ${caller.token}` } : { ...caller.headers };
}

/**
 * The caller's token: `{ token }`, or the bearer token of an `authorization` header in
 * `{ headers }` (any case); undefined when there is none.
 */
export function callerToken(caller: Caller): string | undefined {
  if ("token" in caller && typeof caller.token === "string") return caller.token;
  if ("headers" in caller && caller.headers !== null && typeof caller.headers === "object") {
    for (const [name, value] of Object.entries(caller.headers)) {
      if (name.toLowerCase() !== "authorization" || typeof value !== "string") continue;
      const bearer = /^Bearer\s+(.+)$/i.exec(value.trim());
      if (bearer?.[1] !== undefined) return bearer[1];
    }
  }
  return undefined;
}
