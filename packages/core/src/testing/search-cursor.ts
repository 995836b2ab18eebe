/** What a cursor is bound to, plus where the next page starts. */
export interface SearchCursor {
  query: string;
  sort: string;
  collectionId: string;
  collectionVersion: number;
  offset: number;
}

/** Opaque to clients: base64url JSON, so a client that builds or edits cursors breaks visibly. */
export function encodeSearchCursor(cursor: SearchCursor): string {
  const payload = {
    q: cursor.query,
    s: cursor.sort,
    c: cursor.collectionId,
    v: cursor.collectionVersion,
    o: cursor.offset,
  };
  return Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

/** The decoded cursor, or undefined for anything this service did not issue. */
export function decodeSearchCursor(encoded: string): SearchCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof payload !== "object" || payload === null) return undefined;
  const { q, s, c, v, o } = payload as Record<string, unknown>;
  if (typeof q !== "string" || typeof s !== "string" || typeof c !== "string") return undefined;
  if (!Number.isSafeInteger(v) || !Number.isSafeInteger(o) || (o as number) < 0) return undefined;
  return {
    query: q,
    sort: s,
    collectionId: c,
    collectionVersion: v as number,
    offset: o as number,
  };
}
