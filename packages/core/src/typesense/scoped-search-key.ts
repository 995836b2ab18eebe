import { bytesToBase64, hmacSha256, textToBase64 } from "../backend-kit/web-crypto.js";

/**
 * An end user's restrictions, in Typesense's own terms ("Generate Scoped Search Key",
 * https://typesense.org/docs/latest/api/api-keys.html#generate-scoped-search-key): search
 * parameters embedded in the key, which the engine applies to every search made with it and no
 * request parameter can override.
 */
export interface TypesenseRestrictions {
  /** A filter ANDed to every search: `team:=platform || visibility:=public`. */
  filter_by?: string;
  /** Fields never returned. */
  exclude_fields?: string;
  /** Hits any one search may reach. */
  limit_hits?: number;
  /** Unix seconds; the backend sets it from `lifetimeSeconds` when absent. */
  expires_at?: number;
}

/**
 * Typesense's scoped search key: base64 of (base64 of the HMAC-SHA256 of the embedded
 * parameters' JSON, keyed with the parent key) + the parent key's first 4 characters (which
 * the engine uses to find the parent) + the JSON itself. Derived without a network call.
 */
export async function scopedSearchKey(
  parentKey: string,
  embeddedParametersJson: string,
  /** The parent key imported once (`importHmacKey`), to save importing it per key. */
  signingKey: CryptoKey | string = parentKey,
): Promise<string> {
  const digest = bytesToBase64(await hmacSha256(signingKey, embeddedParametersJson));
  return textToBase64(digest + parentKey.slice(0, 4) + embeddedParametersJson);
}

/** The restrictions as the JSON the key embeds, in a fixed field order. */
export function embeddedParametersJson(restrictions: TypesenseRestrictions): string {
  const ordered: Record<string, string | number> = {};
  if (restrictions.filter_by !== undefined) ordered.filter_by = restrictions.filter_by;
  if (restrictions.exclude_fields !== undefined)
    ordered.exclude_fields = restrictions.exclude_fields;
  if (restrictions.limit_hits !== undefined) ordered.limit_hits = restrictions.limit_hits;
  if (restrictions.expires_at !== undefined)
    ordered.expires_at = Math.floor(restrictions.expires_at);
  return JSON.stringify(ordered);
}
