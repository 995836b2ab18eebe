/**
 * A document's path as a ref carries it (DESIGN §5): whole, each segment percent-encoded where it
 * holds what a ref cannot (spaces, `#`, non-ASCII), so the ref stays one token a model copies and
 * an agent decodes back to the file (`decodeURIComponent` per segment). Also encoded: a leading
 * "." (no segment reads as "." or ".."), and the second of two hyphens ("--" marks a
 * process-local ref, see ref.ts).
 */
export function encodeRefPath(path: string): string {
  return path
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment)
        .replace(
          /[!'()*]/g,
          (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
        )
        .replace(/^\./, "%2E")
        .replace(/--/g, "-%2D"),
    )
    .join("/");
}

/** The path a ref's path names, segments decoded (what an agent opens); undefined when not encoded by us. */
export function decodeRefPath(refPath: string): string | undefined {
  try {
    return refPath.split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}
