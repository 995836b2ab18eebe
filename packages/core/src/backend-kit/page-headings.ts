// Where a page's own headings are, for page-sections.ts: one finder per body format. Each
// returns the headings in page order with their offsets in the body (UTF-16 code units), so a
// search hit's passage can be placed in the section it came from by its offset alone.

/** One heading found in a page body. */
export interface HeadingMark {
  /** Where the heading's own markup starts: the previous section ends here. */
  start: number;
  /** Where the section's text starts: just past the heading. */
  contentStart: number;
  /** 1–6; 0 when the level is unknown (a heading named in a crawler's `headings` list). */
  level: number;
  /** The heading as a reader sees it: markup stripped, whitespace collapsed. */
  text: string;
  /** Its id on the page, when the body says it (`<h2 id>`, `## Steps {#steps}`). */
  id?: string;
}

// CommonMark: an opening fence is 3+ backticks or tildes, indented at most 3 spaces; it closes
// at a fence of the same character at least as long, with nothing after it.
const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;
const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const setextUnderline = /^ {0,3}(=+|-+)[ \t]*$/;
const explicitId = /\s*\{#([A-Za-z][\w:.-]*)\}\s*$/;

/**
 * Markdown headings (ATX `#`–`######`, and setext `===`/`---` under a paragraph line), never
 * inside a fenced code block: a `# comment` in a shell sample is text. (Front matter is cut
 * before: page-sections.ts.)
 */
export function markdownHeadings(body: string): HeadingMark[] {
  const marks: HeadingMark[] = [];
  let fence: { char: string; length: number } | undefined;
  let offset = 0;
  // The previous line, when it could be a setext heading's text (a paragraph line).
  let paragraph: { start: number; text: string } | undefined;
  const lines = body.split("\n");
  for (let at = 0; at < lines.length; at++) {
    const line = (lines[at] as string).replace(/\r$/, "");
    const lineStart = offset;
    offset += (lines[at] as string).length + 1;
    const next = Math.min(offset, body.length);
    if (fence !== undefined) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close?.[1]?.[0] === fence.char && (close[1]?.length ?? 0) >= fence.length) {
        fence = undefined;
      }
      continue;
    }
    const opening = fenceOpen.exec(line);
    if (opening !== null) {
      const marker = opening[1] as string;
      // A backtick fence's info string may not hold a backtick (else it is inline code).
      if (marker[0] === "~" || !line.slice(opening[0].length).includes("`")) {
        fence = { char: marker[0] as string, length: marker.length };
        paragraph = undefined;
        continue;
      }
    }
    const atx = atxHeading.exec(line);
    if (atx !== null) {
      marks.push(markdownMark(lineStart, next, (atx[1] as string).length, atx[2] ?? ""));
      paragraph = undefined;
      continue;
    }
    const underline = setextUnderline.exec(line);
    if (underline !== null && paragraph !== undefined) {
      const level = underline[1]?.[0] === "=" ? 1 : 2;
      marks.push(markdownMark(paragraph.start, next, level, paragraph.text));
      paragraph = undefined;
      continue;
    }
    // Indented code, list items and quotes are not setext heading text; a blank line ends it.
    paragraph =
      line.trim() === "" || /^( {4}|\t| {0,3}([-*+>]|\d{1,9}[.)])(\s|$))/.test(line)
        ? undefined
        : { start: lineStart, text: line };
  }
  return marks;
}

function markdownMark(start: number, contentStart: number, level: number, raw: string) {
  const id = explicitId.exec(raw)?.[1];
  const text = inlineText(id === undefined ? raw : raw.replace(explicitId, ""));
  return { start, contentStart, level, text, ...(id === undefined ? {} : { id }) };
}

/** A heading's inline Markdown as its text: links as their text, code and emphasis unmarked. */
function inlineText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}

// Elements whose content is never a heading: preformatted code, scripts, comments (an inline
// `<code>` inside a heading is part of its text).
const opaque =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|pre|template|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const htmlHeading = /<h([1-6])\b([^>]*)>([\s\S]*?)<\/h\1\s*>/gi;
const idAttribute = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/**
 * HTML `h1`–`h6`, their text with tags stripped and entities decoded; none inside a comment,
 * `script`, `style`, `pre`, `template` or `textarea`. The id is the heading's own or that
 * of an anchor inside it (`<h2><a id="x">`), as static site generators write it.
 */
export function htmlHeadings(body: string): HeadingMark[] {
  // Opaque spans become spaces of the same length: offsets stay those of the body.
  const visible = body.replace(opaque, (span) => " ".repeat(span.length));
  const marks: HeadingMark[] = [];
  for (const match of visible.matchAll(htmlHeading)) {
    const inner = match[3] ?? "";
    const idMatch =
      idAttribute.exec(match[2] ?? "") ??
      /<a\b[^>]*?\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(inner);
    const id = idMatch === null ? undefined : (idMatch[1] ?? idMatch[2] ?? idMatch[3]);
    marks.push({
      start: match.index,
      contentStart: match.index + match[0].length,
      level: Number(match[1]),
      text: decodeEntities(inner.replace(/<[^>]*>/g, " "))
        .replace(/\s+/g, " ")
        .trim(),
      ...(id === undefined || id === "" ? {} : { id: decodeEntities(id) }),
    });
  }
  return marks;
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The few entities a heading's text holds in practice; any other is left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}
