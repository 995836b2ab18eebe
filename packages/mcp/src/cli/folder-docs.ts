import { type Caller, createDocsSearch, type DocsSearch } from "@search-docs/core";
import {
  folderAreas,
  folderBackend,
  localCaller,
  siteAreaName,
  siteBackend,
  siteCollection,
} from "@search-docs/core/folder";

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
  if (/^https?:\/\//i.test(folder)) return openSiteDocs(folder, io);
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

/** `--docs <url>`: a docs site, crawled in the background as a folder is indexed. */
function openSiteDocs(
  url: string,
  io: { stderr: (text: string) => void; environment: Record<string, string | undefined> },
): { docs: DocsSearch; caller: Caller } {
  const backend = siteBackend({ url, environment: io.environment });
  const areas = { [siteAreaName(url)]: [siteCollection] };
  const docs = createDocsSearch({ backend, areas });
  io.stderr(`search-docs-mcp: serving the site ${url} (index ${backend.indexPath})\n`);
  backend.refresh().then(
    (summary) =>
      io.stderr(
        `search-docs-mcp: crawled ${summary.pages} pages, ${summary.sections} sections in ${summary.durationMs} ms${summary.failed === undefined ? "" : ` — ${summary.failed}`}\n`,
      ),
    (error: unknown) =>
      io.stderr(`search-docs-mcp: crawling ${url} failed: ${(error as Error).message}\n`),
  );
  return { docs, caller: localCaller };
}
