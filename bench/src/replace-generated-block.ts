/** Where `pnpm bench:suite` writes in docs/performance.md; the prose around it is written by hand. */
export const generatedBlockStart =
  "<!-- pnpm bench:suite writes from here to the end marker: edit bench/src/render-suite.ts, not these tables -->";
export const generatedBlockEnd = "<!-- pnpm bench:suite writes up to here -->";

/** `document` with what lies between the two markers replaced by `block`. */
export function replaceGeneratedBlock(document: string, block: string): string {
  const start = document.indexOf(generatedBlockStart);
  const end = document.indexOf(generatedBlockEnd);
  if (start === -1 || end < start) {
    throw new Error(
      `docs/performance.md has lost its markers: put "${generatedBlockStart}" and "${generatedBlockEnd}" back where the tables go`,
    );
  }
  return `${document.slice(0, start + generatedBlockStart.length)}\n\n${block.trim()}\n\n${document.slice(end)}`;
}
