/**
 * Upstream text is untrusted: a document can carry an injection aimed at the chat UI that renders
 * the model's answer (OWASP LLM01, indirect prompt injection). What changes, exactly:
 * - control characters (C0 but tab and newline, DEL, C1) and invisible format characters
 *   (zero-width, bidi overrides) are removed;
 * - markdown images `![alt](url)` / `![alt][ref]` and HTML `<img>` become `[image: alt]`, so a
 *   renderer fetches nothing;
 * - markdown links `[text](url)` become `text (url host)`: the words stay, no clickable URL
 *   with data in its query string survives; autolinks `<https://…>` lose their brackets.
 * Everything else, code and punctuation included, passes through.
 */
export function sanitizeText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "")
      .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, "")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, (_match, alt: string) => imageLabel(alt))
      .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, (_match, alt: string) => imageLabel(alt))
      .replace(/<img\b[^>]*>/gi, (tag) =>
        imageLabel(/\balt\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? ""),
      )
      .replace(
        /\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
        (_match, label: string, url: string) => linkLabel(label, url),
      )
      .replace(/<((?:https?|mailto):[^>\s]+)>/gi, "$1")
  );
}

function imageLabel(alt: string): string {
  const trimmed = alt.trim();
  return trimmed ? `[image: ${trimmed}]` : "[image]";
}

function linkLabel(label: string, url: string): string {
  try {
    const host = new URL(url).host;
    return host ? `${label} (${host})` : label;
  } catch {
    return label;
  }
}

/** A passage for the model: sanitized, whitespace folded, cut at a word boundary with "…". */
export function toPassage(text: string, maxChars: number): string {
  const folded = sanitizeText(text).replace(/\s+/g, " ").trim();
  return cutText(folded, maxChars);
}

/** At most `maxChars` characters, cut at a word boundary where one is near, marked with "…". */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - 1);
  const cut = text.slice(0, room);
  const boundary = cut.search(/\s\S*$/);
  const end = boundary > room * 0.75 ? boundary : room;
  return `${cut.slice(0, end).trimEnd()}…`;
}
