import {
  base64UrlToText,
  bytesToBase64Url,
  hmacSha256,
  textToBase64Url,
} from "../backend-kit/web-crypto.js";

/**
 * Search rules, in Meilisearch's own terms ("Tenant token payload reference",
 * https://www.meilisearch.com/docs/learn/security/tenant_token_reference): index names or
 * patterns (`*`, `docs_*`) to the filter enforced on every search of that index, or a list of
 * index names and patterns with no filter. A token reads only the indexes its rules name.
 */
export type SearchRules = Readonly<Record<string, { filter?: string } | null>> | readonly string[];

/** An end user's restrictions: their search rules and, optionally, when the token expires. */
export interface MeilisearchRestrictions {
  searchRules: SearchRules;
  /** Unix seconds; the backend sets it from `lifetimeSeconds` when absent. */
  expiresAt?: number;
}

/**
 * A tenant token: a JWT (RFC 7519) signed HS256 with the parent key, whose payload carries the
 * search rules, the parent key's uid (`apiKeyUid`) and the expiry (`exp`). Derived without a
 * network call; the engine verifies it against the key named by `apiKeyUid`.
 */
export async function tenantToken({
  parentKey,
  apiKeyUid,
  searchRules,
  expiresAt,
}: {
  /** The parent key, or it imported once (`importHmacKey`). */
  parentKey: string | CryptoKey;
  apiKeyUid: string;
  searchRules: SearchRules;
  expiresAt: number;
}): Promise<string> {
  const header = textToBase64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = textToBase64Url(
    JSON.stringify({ searchRules, apiKeyUid, exp: Math.floor(expiresAt) }),
  );
  const signature = bytesToBase64Url(await hmacSha256(parentKey, `${header}.${payload}`));
  return `${header}.${payload}.${signature}`;
}

/**
 * What a tenant token claims, read without verifying it (the engine verifies): its expiry and
 * search rules. Undefined for a token that is not a JWT (a plain API key).
 */
export function readTenantToken(
  token: string,
): { exp?: number; searchRules?: SearchRules } | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const text = base64UrlToText(parts[1] ?? "");
  if (text === undefined) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof payload !== "object" || payload === null) return undefined;
  const { exp, searchRules } = payload as { exp?: unknown; searchRules?: unknown };
  const rules =
    Array.isArray(searchRules) || (typeof searchRules === "object" && searchRules !== null)
      ? (searchRules as SearchRules)
      : undefined;
  return {
    ...(typeof exp === "number" ? { exp } : {}),
    ...(rules === undefined ? {} : { searchRules: rules }),
  };
}

/** Whether the rules let a token read `index`: a name, `*`, or a `prefix*` pattern names it. */
export function searchRulesCover(rules: SearchRules, index: string): boolean {
  const patterns = Array.isArray(rules) ? (rules as readonly string[]) : Object.keys(rules);
  return patterns.some(
    (pattern) =>
      pattern === index ||
      pattern === "*" ||
      (pattern.endsWith("*") && index.startsWith(pattern.slice(0, -1))),
  );
}
