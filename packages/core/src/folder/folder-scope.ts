import { createHash } from "node:crypto";
import type { CollectionFolder } from "./folder-options.js";

/**
 * A collection's filter inside the full-text index: each section's `scope` column holds one token
 * per folder above its file ("r…", the file is in or below that folder) and one for the folder
 * it is directly in ("d…"). Searching a collection is then `scope : "r…" AND (words)`: FTS5
 * intersects the lists itself, so only the collection's rows are ranked — no join, no per-row
 * filter. Tokens are hashes: folder names may hold anything, tokens only letters and digits.
 */
export function scopeTokens(folder: string): string {
  const tokens = [`d${folderHash(folder)}`];
  const parts = folder === "" ? [] : folder.split("/");
  for (let depth = 1; depth <= parts.length; depth++) {
    tokens.push(`r${folderHash(parts.slice(0, depth).join("/"))}`);
  }
  return tokens.join(" ");
}

/** The FTS5 phrase that keeps a search to a collection, or undefined for the whole root. */
export function scopeFilter(collection: CollectionFolder): string | undefined {
  if (collection.folder === "" && collection.recursive) return undefined;
  return `scope : "${collection.recursive ? "r" : "d"}${folderHash(collection.folder)}"`;
}

function folderHash(folder: string): string {
  return createHash("sha256").update(folder).digest("hex").slice(0, 16);
}
