/** One section of a docs file: the text under one heading, up to the next heading. */
export interface ParsedSection {
  heading: string;
  body: string;
}

export interface ParsedDocument {
  title: string;
  /** Front matter `updated` (or `date`), when it is a `YYYY-MM-DD` date; else the file's mtime is used. */
  updated?: string;
  sections: ParsedSection[];
}

// ATX headings only (CommonMark §4.2): up to three spaces, 1-6 `#`, then a space or the line's end.
// Only the opening is a pattern: the rest of the line is cut by hand, in one pass, because a
// pattern for the optional closing `#`s backtracks quadratically on a long line of spaces.
const headingOpening = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
// A fenced code block opens with three or more backticks or tildes (CommonMark §4.5).
const fencePattern = /^ {0,3}(`{3,}|~{3,})/;
const datePattern = /^\d{4}-\d{2}-\d{2}/;
// A title or heading is a line, not a page: one 2 MiB line would otherwise ride on every hit.
const maxLabelChars = 300;

/**
 * Splits a Markdown (or plain text) file into sections at its ATX headings, ignoring `#` lines
 * inside fenced code blocks. Every heading starts a section, even one with no text under it, so
 * section N is always the file's Nth heading (plus, first, the text before any heading when there
 * is some): a person can count to it. Title: front matter `title`, else the first `#` heading,
 * else the file's name.
 */
export function parseDocument(
  text: string,
  fileName: string,
  kind: "markdown" | "text",
): ParsedDocument {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const front = kind === "markdown" ? readFrontMatter(lines) : { fields: {}, end: 0 };
  const sections: ParsedSection[] = [];
  let heading = "";
  let body: string[] = [];
  let fence: string | undefined;
  let firstTopHeading: string | undefined;
  const flush = (force: boolean) => {
    const joined = body.join("\n").trim();
    if (force || joined !== "") sections.push({ heading, body: joined });
  };
  let started = false;
  for (let index = front.end; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (kind === "markdown") {
      const fenceMatch = fencePattern.exec(line);
      if (fenceMatch?.[1] !== undefined) {
        const marker = fenceMatch[1];
        if (fence === undefined) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      } else if (fence === undefined) {
        const headingMatch = headingOpening.exec(line);
        if (headingMatch?.[1] !== undefined) {
          // The text before the first heading is a section only when there is some.
          flush(started);
          started = true;
          heading = headingText(line.slice(headingMatch[0].length)).slice(0, maxLabelChars);
          body = [];
          if (headingMatch[1].length === 1 && firstTopHeading === undefined && heading !== "") {
            firstTopHeading = heading;
          }
          continue;
        }
      }
    }
    body.push(line);
  }
  flush(started);
  const title = (front.fields.title || firstTopHeading || fileName).slice(0, maxLabelChars);
  const updatedField = front.fields.updated || front.fields.date;
  const updated =
    updatedField !== undefined && datePattern.test(updatedField)
      ? updatedField.slice(0, 10)
      : undefined;
  return updated === undefined ? { title, sections } : { title, updated, sections };
}

/** A heading's text: trimmed, without a closing sequence of `#`s (one preceded by a space). */
function headingText(rest: string): string {
  const text = rest.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  if (end === 0) return "";
  const before = text[end - 1];
  return end < text.length && (before === " " || before === "\t")
    ? text.slice(0, end).trimEnd()
    : text;
}

/**
 * Reads `---` front matter: only `key: value` scalars on one line (quoted or not) are taken, which
 * is all a title or a date needs; anything else in it is kept out of the sections, not parsed.
 */
function readFrontMatter(lines: readonly string[]): {
  fields: Record<string, string>;
  end: number;
} {
  if ((lines[0] ?? "").replace(/^\uFEFF/, "").trim() !== "---") return { fields: {}, end: 0 };
  const fields: Record<string, string> = {};
  // Bounded: front matter past 200 lines is not front matter but a file starting with a rule.
  for (let index = 1; index < Math.min(lines.length, 200); index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "---" || line.trim() === "...") return { fields, end: index + 1 };
    const match = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      fields[match[1].toLowerCase()] = unquote(match[2].trim());
    }
  }
  return { fields: {}, end: 0 };
}

function unquote(value: string): string {
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "string") return parsed.trim();
    } catch {
      // Not a JSON string: YAML's own quoting, read below.
    }
  }
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return (quoted?.[2] ?? value).trim();
}
