import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Caller } from "../contract/caller.js";
import { createDocsSearch, type DocsSearch } from "../create-docs-search.js";
import { type FolderBackend, folderBackend } from "../folder/folder-backend.js";
import { folderAreas } from "../folder/folder-collections.js";
import { localCaller } from "../folder/local-caller.js";
import { FileRefStore } from "./file-ref-store.js";

export interface FolderDocs {
  docs: DocsSearch;
  /** The fixed local caller: a folder has no users, core still asks for a caller per call. */
  caller: Caller;
  backend: FolderBackend;
}

/**
 * `--docs <folder>`: the folder as the backend, its top-level folders as the areas, indexed (or
 * refreshed) before the call so it reads the folder as it is now. Refs are kept for `get` in a
 * file per folder, like the other backends' (SEARCH_DOCS_REF_DIR).
 */
export async function openFolderDocs(
  folder: string,
  io: { err: (text: string) => void; environment: NodeJS.ProcessEnv },
): Promise<FolderDocs> {
  const backend = folderBackend({ root: folder, environment: io.environment });
  const summary = await backend.refresh();
  const areas = folderAreas({ root: folder });
  const docs = createDocsSearch({
    backend,
    areas,
    refStore: new FileRefStore(folderRefFile(backend.root, io.environment)),
  });
  io.err(
    `Searching the folder ${backend.root} (${summary.files} files; areas: ${Object.keys(areas).join(", ")})\n`,
  );
  return { docs, caller: localCaller, backend };
}

/** Where `get --docs <folder>` finds the refs earlier searches of that folder issued. */
function folderRefFile(root: string, environment: NodeJS.ProcessEnv): string {
  const key = createHash("sha256").update(`folder:${root}`).digest("hex").slice(0, 12);
  const directory = environment.SEARCH_DOCS_REF_DIR ?? join(tmpdir(), "search-docs-cli");
  return join(directory, `refs-${key}.json`);
}
