import type { Caller } from "../contract/caller.js";

/** The request headers that carry `caller` over HTTP: a token as a bearer, or the headers as given. */
export function callerHeaders(caller: Caller): Record<string, string> {
  return "token" in caller ? { authorization: `Bearer ${caller.token}` } : { ...caller.headers };
}
