import { readdirSync, readFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type { LayoutInspector } from "./layout-inspector.js";

const documentExtensions = new Set([".md", ".mdx", ".txt"]);

/**
 * A folder has no layout to inspect (the backend indexes the files itself), but its first
 * document's title makes a probe that matches: the title line, or the file's name in words.
 */
export function folderSampleInspector(target: {
  root: string;
  folders?: Readonly<Record<string, string>>;
}): LayoutInspector {
  return {
    async inspect(collectionId) {
      const source = target.folders?.[collectionId];
      const start =
        source ?? (collectionId === "." ? target.root : join(target.root, collectionId));
      const file = firstDocument(start, source !== undefined || collectionId !== ".", 0);
      if (file === undefined) return { detail: "" };
      const heading = /^#\s+(.+)$/m.exec(readFileSync(file, "utf8").slice(0, 4096))?.[1];
      const title = heading?.trim() || basename(file, extname(file)).replace(/[-_]+/g, " ");
      return { detail: "", sampleTitle: title.slice(0, 200) };
    },
    documentFix: () => "run search-docs index on the folder again (the index may be stale)",
    close: async () => {},
  };
}

function firstDocument(folder: string, recursive: boolean, depth: number): string | undefined {
  if (depth > 8) return undefined;
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    );
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (entry.isFile() && documentExtensions.has(extname(entry.name).toLowerCase())) {
      return join(folder, entry.name);
    }
  }
  if (!recursive) return undefined;
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith(".") || entry.name === "node_modules")
      continue;
    const found = firstDocument(join(folder, entry.name), true, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
