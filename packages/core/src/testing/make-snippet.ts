const snippetLength = 200;
// Show a little of what comes before the hit, so the snippet reads as a sentence, not a fragment.
const leadingContext = 60;

/**
 * A ~200-character window of `text` around the first query-term hit at `hitOffset`, cut at word
 * boundaries, whitespace collapsed to single spaces, with "…" where text was cut.
 */
export function makeSnippet(text: string, hitOffset: number): string {
  if (text.length <= snippetLength) return collapseWhitespace(text);
  let start = Math.max(0, hitOffset - leadingContext);
  let end = Math.min(text.length, start + snippetLength);
  // Near the end of the text, shift the window back so it stays full length.
  if (end - start < snippetLength) start = Math.max(0, end - snippetLength);
  // Cut at word boundaries: move the edges inward when they fall inside a word.
  if (start > 0 && !/\s/.test(text.charAt(start - 1))) {
    const nextSpace = text.slice(start, hitOffset).search(/\s/);
    if (nextSpace >= 0) start += nextSpace + 1;
  }
  if (end < text.length && !/\s/.test(text.charAt(end))) {
    const lastSpace = text.slice(hitOffset, end).search(/\s\S*$/);
    if (lastSpace > 0) end = hitOffset + lastSpace;
  }
  const window = collapseWhitespace(text.slice(start, end));
  return `${start > 0 ? "…" : ""}${window}${end < text.length ? "…" : ""}`;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
