import { type Caller, createDocsSearch, type DocsSearch } from "@search-docs/core";
import { folderAreas, folderBackend, localCaller } from "@search-docs/core/folder";

/**
 * `--docs <folder>`: the folder as the backend, indexed in process, its top-level folders as the
 * areas, and the fixed local caller (a folder has no users; core still asks for a caller). The
 * first index is built in the background so the host's handshake does not wait on it: calls made
 * meanwhile answer `unavailable` ("try again shortly"), never `no_matches`. The backend refreshes
 * the index itself as files change (by mtime and size, at most once a minute).
 */
export function openFolderDocs(
  folder: string,
  io: { stderr: (text: string) => void; environment: Record<string, string | undefined> },
): { docs: DocsSearch; caller: Caller } {
  const backend = folderBackend({ root: folder, environment: io.environment });
  const areas = folderAreas({ root: folder });
  const docs = createDocsSearch({ backend, areas });
  io.stderr(
    `search-docs-mcp: serving the folder ${backend.root} (areas: ${Object.keys(areas).join(", ")}; index ${backend.indexPath})\n`,
  );
  backend.refresh().then(
    (summary) => {
      const skipped = Object.values(summary.skipped).reduce(
        (total, count) => total + (count ?? 0),
        0,
      );
      io.stderr(
        `search-docs-mcp: indexed ${summary.files} files, ${summary.sections} sections (${summary.indexed} read, ${skipped} skipped) in ${summary.durationMs} ms\n`,
      );
    },
    (error: unknown) => {
      io.stderr(`search-docs-mcp: indexing ${backend.root} failed: ${(error as Error).message}\n`);
    },
  );
  return { docs, caller: localCaller };
}
