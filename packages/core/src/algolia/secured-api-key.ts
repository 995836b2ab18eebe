import { hmacSha256, textToBase64, toHex } from "../backend-kit/web-crypto.js";

/**
 * An end user's restrictions, in Algolia's own terms ("Generate a secured API key",
 * https://www.algolia.com/doc/api-reference/api-methods/generate-secured-api-key/): the engine
 * applies them to every search made with the key, and no request parameter can widen them.
 */
export interface AlgoliaRestrictions {
  /** A filter expression ANDed to every search: `visibility:public OR team:payments`. */
  filters?: string;
  /** The indices the key may search (names, or `prefix*` / `*suffix` patterns). */
  restrictIndices?: readonly string[];
  /** Per-user analytics and rate limiting. */
  userToken?: string;
  /** IPv4 networks the key may be used from (`192.168.1.0/24`). */
  restrictSources?: string;
  /** Unix seconds after which the key stops working; the backend sets it from `lifetimeSeconds` when absent. */
  validUntil?: number;
}

/**
 * The restrictions as the query string the key embeds: each parameter percent-encoded, arrays
 * joined with commas, in a fixed order so equal restrictions give equal keys.
 */
export function securedKeyParameters(restrictions: AlgoliaRestrictions): string {
  const parameters: Array<[string, string]> = [];
  if (restrictions.filters !== undefined) parameters.push(["filters", restrictions.filters]);
  if (restrictions.restrictIndices !== undefined) {
    parameters.push(["restrictIndices", restrictions.restrictIndices.join(",")]);
  }
  if (restrictions.restrictSources !== undefined) {
    parameters.push(["restrictSources", restrictions.restrictSources]);
  }
  if (restrictions.userToken !== undefined) parameters.push(["userToken", restrictions.userToken]);
  if (restrictions.validUntil !== undefined) {
    parameters.push(["validUntil", String(Math.floor(restrictions.validUntil))]);
  }
  return parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
}

/**
 * Algolia's secured API key: base64 of the hex HMAC-SHA256 of the query parameters, keyed with
 * the parent key, followed by the parameters themselves. Derived without a network call. The
 * parent key may be given imported (`importHmacKey`), to import it once per process.
 */
export async function securedApiKey(
  parentKey: string | CryptoKey,
  queryParameters: string,
): Promise<string> {
  const signature = toHex(await hmacSha256(parentKey, queryParameters));
  return textToBase64(signature + queryParameters);
}

/** Whether `restrictIndices` lets a key search `index` (an absent list allows every index). */
export function indexAllowed(
  restrictIndices: readonly string[] | undefined,
  index: string,
): boolean {
  if (restrictIndices === undefined) return true;
  return restrictIndices.some((pattern) => {
    if (pattern === "*") return true;
    const starts = pattern.startsWith("*");
    const ends = pattern.endsWith("*");
    const core = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
    if (starts && ends) return index.includes(core);
    if (ends) return index.startsWith(core);
    if (starts) return index.endsWith(core);
    return index === pattern;
  });
}
