import { sanitizeText, truncate } from "./sanitize-text.js";

/** A document title for the model: plain text on one line, at most 200 characters. */
export function toTitle(title: string): string {
  // Cut before (bounded work on a hostile title) and after, never inside a surrogate pair.
  return truncate(sanitizeText(truncate(title, 1000)).replace(/\s+/g, " ").trim(), 200);
}
