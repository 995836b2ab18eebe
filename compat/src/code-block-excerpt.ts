import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A doc's code block that opens with `// <path>` naming a file of the repository is an excerpt
 * of that file: the file is compiled (and tested) by its own package, so the block is not
 * compiled alone — it must instead be that file's text. Its lines (trimmed, blank ones skipped)
 * must appear in the file in the same order; an elision is allowed, an edit is not.
 */
export function excerptSource(code: readonly string[], root: string): string | undefined {
  const path = /^\/\/ (\S+\.(?:ts|tsx|js|mjs))$/.exec(code[0]?.trim() ?? "")?.[1];
  return path !== undefined && existsSync(join(root, path)) ? path : undefined;
}

/** The first line of the excerpt the file does not hold (in order), or undefined. */
export function excerptMismatch(
  code: readonly string[],
  root: string,
  path: string,
): string | undefined {
  const file = readFileSync(join(root, path), "utf8")
    .split("\n")
    .map((line) => line.trim());
  let at = 0;
  for (const line of code.slice(1).map((text) => text.trim())) {
    if (line === "") continue;
    const found = file.indexOf(line, at);
    if (found === -1) return line;
    at = found + 1;
  }
  return undefined;
}
