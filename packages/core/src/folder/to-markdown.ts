export interface MarkdownSource {
  title: string;
  /** `YYYY-MM-DD`, written to front matter (`updated:`), which wins over the file's mtime. */
  updated?: string;
  sections: readonly { heading: string; body: string }[];
}

// Lines that `parseDocument` would read as a heading or a fence: escaped, so section N of the
// source stays section N of the file.
const structuralLine = /^( {0,3})(#|`{3}|~{3})/;

/**
 * A document as a Markdown file the folder backend reads back section for section: front matter
 * with the title (and date), then one `##` heading per section. For loading records into a docs
 * folder: a corpus, a test's documents, an export from another engine.
 */
export function toMarkdown(source: MarkdownSource): string {
  const front = [`title: ${JSON.stringify(source.title)}`];
  if (source.updated !== undefined) front.push(`updated: ${source.updated}`);
  const parts = [`---\n${front.join("\n")}\n---`];
  for (const section of source.sections) {
    const heading = section.heading.replace(/\s+/g, " ").trim();
    const body = section.body
      .split(/\r?\n/)
      .map((line) => line.replace(structuralLine, "$1\\$2"))
      .join("\n");
    parts.push(`## ${heading}`.trimEnd(), body);
  }
  return `${parts.join("\n\n")}\n`;
}
