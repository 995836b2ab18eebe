import { parseDocument } from "../folder/parse-document.js";
import { headingAnchors } from "./heading-anchors.js";

/** A page's Markdown as its title and sections, each with the anchor its heading gets. */
export function markdownPage(text: string, path: string) {
  const document = parseDocument(text, lastSegment(path), "markdown");
  const anchors = headingAnchors(document.sections.map((section) => section.heading));
  return {
    title: document.title,
    sections: document.sections.map((section, index) => ({
      ...section,
      anchor: anchors[index] ?? "",
    })),
  };
}

export function isMarkdown(url: URL, contentType: string): boolean {
  return (
    /markdown/.test(contentType) ||
    /\.mdx?$/i.test(url.pathname) ||
    /llms(-full)?\.txt$/.test(url.pathname)
  );
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export function safeUrl(href: string | URL, base?: string | URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

export function decodeXml(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
