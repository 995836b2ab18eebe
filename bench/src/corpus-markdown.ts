import { toMarkdown } from "@search-docs/core/folder";
import type { CorpusDocument } from "@search-docs/core/testing";

/** A corpus document as the Markdown file the folder backend indexes (title, date, sections). */
export function corpusMarkdown(document: CorpusDocument): string {
  return toMarkdown({
    title: document.title,
    updated: document.updated,
    sections: document.sections.map((section) => ({
      heading: section.heading,
      body: section.text,
    })),
  });
}
