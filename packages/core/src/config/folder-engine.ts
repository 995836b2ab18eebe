import { statSync } from "node:fs";
import { localCaller } from "../folder/local-caller.js";
import { refuse, requiredValue } from "./config-checks.js";
import { docsSourcesConfig } from "./docs-sources-config.js";
import type { EngineEntry } from "./engine-entry.js";
import { folderDescription } from "./folder-description.js";
import { siteEngineConfig } from "./site-engine-config.js";

/** A folder of Markdown and text files, indexed in process (SQLite, Node ≥ 22.18). */
export const folderEngine: EngineEntry = {
  ...folderDescription,
  read(value) {
    const root = requiredValue(value, "SEARCH_DOCS_FOLDER_PATH", "folder");
    const environment = value.environment as NodeJS.ProcessEnv;
    // A docs website: crawled into the same kind of index (site/).
    if (/^https?:\/\//i.test(root)) return siteEngineConfig(root, environment);
    // Several sources, each an area: {"guides": "https://…/guides", "api": "./api-docs"}.
    if (root.trimStart().startsWith("{")) {
      return docsSourcesConfig(root, value.setAs("SEARCH_DOCS_FOLDER_PATH"), environment);
    }
    let isFolder: boolean;
    try {
      isFolder = statSync(root).isDirectory();
    } catch {
      return refuse(
        value.setAs("SEARCH_DOCS_FOLDER_PATH"),
        `folder: ${root} does not exist or cannot be read.`,
      );
    }
    if (!isFolder) refuse("SEARCH_DOCS_FOLDER_PATH", `folder: ${root} is not a folder.`);
    return {
      engine: "folder",
      origin: root,
      caller: localCaller,
      check: { engine: "folder", root },
      async open() {
        const { folderAreas, folderBackend } = await import("../folder/index.js");
        const backend = folderBackend({ root, environment });
        return {
          backend,
          areas: folderAreas({ root }),
          async refresh() {
            const summary = await backend.refresh();
            return `indexed ${backend.root}: ${summary.files} files, ${summary.sections} sections in ${summary.durationMs} ms (index ${backend.indexPath})`;
          },
          async close() {
            backend.close();
          },
        };
      },
    };
  },
};
