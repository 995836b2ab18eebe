import type { SectionRecord } from "./load-sections.js";

export interface MarkdownDocumentOptions {
  collectionId: string;
  documentId: string;
  /** Default: the document id. */
  slug?: string;
  /** ISO 8601 date or date-time. */
  updatedAt?: string;
  /** Used when the file has no `# ` heading. */
  fallbackTitle?: string;
}

const fence = /^(```|~~~)/;
const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/**
 * One Markdown file as section records: the first `# ` heading is the title, each `#`/`##`/`###`
 * heading starts a section (text before the first heading is a section under the title), headings
 * inside code fences are text. Empty sections are dropped; positions are 1-based, in file order.
 */
export function sectionsOfMarkdown(
  text: string,
  options: MarkdownDocumentOptions,
): SectionRecord[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let title: string | undefined;
  const parts: { heading: string; lines: string[] }[] = [{ heading: "", lines: [] }];
  let inFence = false;
  for (const line of lines) {
    if (fence.test(line.trim())) inFence = !inFence;
    const match = inFence ? null : heading.exec(line);
    if (match !== null && (match[1]?.length ?? 7) <= 3) {
      const text = match[2] ?? "";
      if (title === undefined && match[1] === "#") title = text;
      parts.push({ heading: text, lines: [] });
      continue;
    }
    parts.at(-1)?.lines.push(line);
  }
  const documentTitle = title ?? options.fallbackTitle ?? options.documentId;
  return parts
    .map((part) => ({ heading: part.heading || documentTitle, body: part.lines.join("\n").trim() }))
    .filter((part, index) => part.body !== "" || (index > 0 && part.heading !== documentTitle))
    .map((part, index) => ({
      collectionId: options.collectionId,
      documentId: options.documentId,
      section: index + 1,
      title: documentTitle,
      heading: part.heading,
      body: part.body,
      slug: options.slug ?? options.documentId,
      ...(options.updatedAt === undefined ? {} : { updatedAt: options.updatedAt }),
    }));
}
