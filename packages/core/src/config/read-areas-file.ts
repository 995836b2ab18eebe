import { existsSync, readFileSync } from "node:fs";

/** The text of the file SEARCH_DOCS_AREAS names, on Node; undefined when there is none. */
export function readAreasFile(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}
