import { htmlToText } from "./html-to-text.js";
import { hostOf, imageLabel } from "./labels.js";
import { removeInvisible } from "./remove-invisible.js";

// How far a pattern may look: for the bracket or the end of a URL that belongs to a `](`, for
// the end of a tag. Bounded, so hostile text costs linear time, not quadratic.
const scan = 1000;

// Passes of the whole pipeline before its result is taken as it stands: each pass can only take
// markup away, and text settles in one or two.
const maxPasses = 4;

/**
 * Upstream text is untrusted: a document can carry an injection aimed at the chat UI that renders
 * the model's answer (OWASP LLM01, indirect prompt injection). What changes, exactly:
 * - control characters (C0 but tab and newline, DEL, C1), invisible format characters (Unicode
 *   category Cf: zero-width, bidi overrides, soft hyphen, the "tag" characters that can spell
 *   hidden instructions), variation selectors 17-256 and lone surrogates are removed;
 * - markdown images `![alt](url)` / `![alt][ref]` become `[image: alt]`, so a renderer fetches
 *   nothing;
 * - markdown links `[text](url)` become `text (url host)`: the words stay, no clickable URL
 *   with data in its query string survives; link text and alt text may nest brackets, and the
 *   URL may be `<bracketed>` or carry a title. A `](` that is not read as one of those (its
 *   bracket or URL too far away to scan) gets a space, `] (`, which no renderer links;
 * - link reference definitions `[label]: url` become `label: url host` wherever they stand (a
 *   passage folds lines, and a model may unfold them), so `[text][label]` and `![alt][label]`
 *   resolve to nothing; autolinks `<https://…>` lose their brackets (the URL stays visible,
 *   whole);
 * - raw HTML becomes its text through a real tokenizer (`htmlToText`): `<img>` is
 *   `[image: alt]`, `<a href>` is `text (host)`, and no other element is left to load anything.
 * Markdown is read before the HTML and again after it (removing a tag or decoding an entity can
 * complete a link), and the whole runs again until nothing changes, so the result is a fixed
 * point: sanitizing it again changes nothing. Everything else, code and punctuation included,
 * passes through. So the result holds no `](`, no `<img`, no element with a URL, and no line
 * that defines a link reference.
 */
export function sanitizeText(text: string): string {
  let current = text;
  for (let pass = 0; pass < maxPasses; pass++) {
    const next = sanitizeOnce(current);
    if (next === current) return next;
    current = next;
  }
  // Still changing: text built to outlast the passes (entities nested in entities, say). Without
  // the characters markup is made of, nothing in it can be read as markup any more, so this is a
  // fixed point too.
  return current.replace(/[<>&[\]]/g, "");
}

function sanitizeOnce(text: string): string {
  return markdownToText(removeInvisible(htmlToText(markdownToText(removeInvisible(text)))));
}

function markdownToText(text: string): string {
  // The order matters: each step's output (an `[image: alt]` label, say) is read by the later
  // steps, so none can leave a construct behind that an earlier step would have caught.
  const imagesAndLinks = replaceInlineLinks(text).replace(
    /!\[([^\]]{0,1000})\]\[[^\]]{0,1000}\]/g,
    (_match, alt: string) => imageLabel(alt),
  );
  return imagesAndLinks
    .replace(
      // The URL stops at a bracket, so it cannot swallow the next definition's label.
      /\[((?:\\.|[^\\[\]]){1,999})\]:([ \t]*\n?[ \t]*)(<[^<>[\]\n]{0,1000}>|[^\s[\]<][^\s[\]]*)?/g,
      (_match, label: string, space: string, url: string | undefined) => {
        const bare = url?.replace(/^<|>$/g, "") ?? "";
        return `${label}:${space}${hostOf(bare) ?? bare}`;
      },
    )
    .replace(/<+((?:https?|mailto):[^>\s]{1,1000})>/gi, "$1");
}

/**
 * Inline links and images, `[text](url "title")` and `![alt](url)`, found by their `](` and the
 * bracket that balances it, so nested brackets (`[![x](a)](b)`, `![a [b] c](url)`) cannot hide
 * one. Leftmost first; a replacement is rescanned, since it can complete an enclosing link.
 */
function replaceInlineLinks(text: string): string {
  let result = text;
  let from = 0;
  for (;;) {
    const close = result.indexOf("](", from);
    if (close < 0) return result;
    const open = openingBracket(result, close);
    const end = open < 0 ? -1 : destinationEnd(result, close + 2);
    if (end < 0) {
      // Not a link we can read: break the `](` so that no renderer reads one either.
      result = `${result.slice(0, close + 1)} ${result.slice(close + 1)}`;
      from = close + 2;
      continue;
    }
    const image = open > 0 && result[open - 1] === "!" && !isEscaped(result, open - 1);
    const start = image ? open - 1 : open;
    const label = result.slice(open + 1, close);
    const url = /^\s*<?([^\s>]*)/.exec(result.slice(close + 2, end - 1))?.[1] ?? "";
    result =
      result.slice(0, start) +
      (image ? imageLabel(label) : linkLabel(label, url)) +
      result.slice(end);
    from = start;
  }
}

/** The `[` that the `]` at `close` balances, or -1. */
function openingBracket(text: string, close: number): number {
  let depth = 0;
  for (let index = close - 1; index >= Math.max(0, close - scan); index--) {
    const char = text[index];
    if ((char !== "[" && char !== "]") || isEscaped(text, index)) continue;
    if (char === "]") depth++;
    else if (depth === 0) return index;
    else depth--;
  }
  return -1;
}

/** Just past the `)` that ends a link destination (and title) starting at `start`, or -1. */
function destinationEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + scan);
  let index = skipSpace(text, start);
  if (text[index] === "<") {
    const end = text.indexOf(">", index);
    if (end < 0 || end > limit || text.slice(index, end).includes("\n")) return -1;
    index = end + 1;
  } else {
    for (let depth = 0; index < limit; index++) {
      const char = text[index] as string;
      if (char === "\\") index++;
      else if (char === "(") depth++;
      else if (char === ")" && depth-- === 0) break;
      else if (/\s/.test(char)) break;
    }
  }
  index = skipSpace(text, index);
  const quote = text[index];
  if (quote === '"' || quote === "'" || quote === "(") {
    const end = text.indexOf(quote === "(" ? ")" : quote, index + 1);
    if (end < 0 || end > limit) return -1;
    index = skipSpace(text, end + 1);
  }
  return text[index] === ")" ? index + 1 : -1;
}

function skipSpace(text: string, index: number): number {
  let position = index;
  const limit = Math.min(text.length, index + scan);
  while (position < limit && /\s/.test(text[position] as string)) position++;
  return position;
}

function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let position = index - 1; position >= 0 && text[position] === "\\"; position--) {
    backslashes++;
  }
  return backslashes % 2 === 1;
}

function linkLabel(label: string, url: string): string {
  const host = hostOf(url);
  return host ? `${label} (${host})` : label;
}

/** A passage for the model: sanitized, whitespace folded, cut at a word boundary with "…". */
export function toPassage(text: string, maxChars: number): string {
  // Only the start can become the passage; a huge snippet is not worth sanitizing whole.
  const folded = sanitizeText(truncate(text, maxChars * 4 + scan))
    .replace(/\s+/g, " ")
    .trim();
  return cutText(folded, maxChars);
}

/** At most `maxChars` characters, cut at a word boundary where one is near, marked with "…". */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - 1);
  const cut = truncate(text, room);
  const boundary = cut.search(/\s\S*$/);
  const end = boundary > room * 0.75 ? boundary : cut.length;
  return `${cut.slice(0, end).trimEnd()}…`;
}

/** The first `maxChars` UTF-16 units at most, never ending inside a surrogate pair. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const last = text.charCodeAt(maxChars - 1);
  // A high surrogate at the cut would leave half a character: invalid text for the model's API.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars);
}
