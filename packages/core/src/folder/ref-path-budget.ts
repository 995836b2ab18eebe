import { encodeRefPath } from "../refs/ref-path.js";
import { withoutExtension } from "./document-paths.js";

// Room after the path: "#" and a section number of up to four digits, and a clash suffix.
const sectionChars = 5;
const suffixChars = 7;

/**
 * Whether a file's ref fits within `refChars` with its path whole. The path is measured under the
 * root: with the default areas (one per top-level folder) that is the area and the path under it.
 */
export function refPathFits(path: string, refChars: number): boolean {
  return encodeRefPath(withoutExtension(path)).length + sectionChars + suffixChars <= refChars;
}
