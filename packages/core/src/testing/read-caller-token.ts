import type { IncomingHttpHeaders } from "node:http";

/**
 * The caller's token: `Authorization: Bearer <token>`, or — only when there is no
 * Authorization header — `x-docs-user: <token>`, so callers that can only pass `{ headers }`
 * can still be told apart.
 */
export function readCallerToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    return match?.[1];
  }
  const user = headers["x-docs-user"];
  const value = Array.isArray(user) ? user[0] : user;
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}
