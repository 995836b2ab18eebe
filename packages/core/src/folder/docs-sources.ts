import type {
  BackendAttempt,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { siteBackend, siteCollection } from "../site/site-backend.js";
import { type FolderBackend, folderBackend } from "./folder-backend.js";

/** The one collection of a folder source: the whole folder, its subfolders included. */
const wholeFolder = ".";
const areaNamePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** One area's source, opened: a folder or a docs site, each with its own index. */
export interface OpenedSource {
  area: string;
  /** The folder's path or the site's URL, as given. */
  source: string;
  backend: FolderBackend;
  kind: "folder" | "site";
}

/** Several sources, each an area (`--area guides=https://docs.example.com/guides --area api=./api-docs`). */
export interface DocsSourcesBackend extends SearchBackend {
  readonly sources: readonly OpenedSource[];
  /** Area name → its one collection (the area's own name). */
  readonly areas: Record<string, string[]>;
  close(): void;
}

/**
 * Several docs sources searched as one, each source an area: a folder (indexed as a whole) or a
 * site (crawled). Each keeps its own index, so one can be refreshed or fail without the others;
 * a call names the area as its collection and goes to that source alone, so one source's outage
 * is that area's `unavailable`, never another's `no_matches`.
 */
export function docsSourcesBackend(
  sources: Readonly<Record<string, string>>,
  options: { environment?: NodeJS.ProcessEnv } = {},
): DocsSourcesBackend {
  const entries = Object.entries(sources);
  if (entries.length === 0) {
    throw new ConfigurationError({
      option: "sources",
      message: "docs sources: give at least one area=folder-or-url.",
    });
  }
  const opened: OpenedSource[] = entries.map(([area, source]) => {
    if (!areaNamePattern.test(area)) {
      throw new ConfigurationError({
        option: "sources",
        message: `docs sources: "${area}" is not an area name (lower case letters, digits, - and _, at most 64).`,
      });
    }
    if (/^https?:\/\//i.test(source)) {
      return {
        area,
        source,
        kind: "site",
        backend: siteBackend({
          url: source,
          ...(options.environment ? { environment: options.environment } : {}),
        }) as unknown as FolderBackend,
      };
    }
    return {
      area,
      source,
      kind: "folder",
      backend: folderBackend({
        root: source,
        collections: { [wholeFolder]: "." },
        ...(options.environment ? { environment: options.environment } : {}),
      }),
    };
  });
  const byArea = new Map(opened.map((entry) => [entry.area, entry]));
  const route = (collectionId: string) => {
    const entry = byArea.get(collectionId);
    if (entry === undefined) return undefined;
    return {
      backend: entry.backend,
      collectionId: entry.kind === "site" ? siteCollection : wholeFolder,
    };
  };
  const misconfigured = (collectionId: string) =>
    ({
      kind: "failed",
      cause: "misconfigured",
      reason: `collection ${JSON.stringify(collectionId)} is not one of the sources' areas`,
    }) as const;
  return {
    specificationVersion: "v1",
    name: "folder",
    sources: opened,
    areas: Object.fromEntries(opened.map(({ area }) => [area, [area]])),
    searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome> {
      const target = route(request.collectionId);
      if (target === undefined) return Promise.resolve(misconfigured(request.collectionId));
      return target.backend.searchPage({ ...request, collectionId: target.collectionId }, attempt);
    },
    getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
      const target = route(request.collectionId);
      if (target === undefined) return Promise.resolve(misconfigured(request.collectionId));
      return target.backend.getDocument({ ...request, collectionId: target.collectionId }, attempt);
    },
    close() {
      for (const { backend } of opened) backend.close();
    },
  };
}
