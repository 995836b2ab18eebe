export type { CrawlOptions, CrawlProgress, CrawlSkip } from "../site/crawl-site.js";
export { indexSite, type SiteIndexSummary, type SiteOptions } from "../site/index-site.js";
export {
  type SiteBackend,
  type SiteBackendOptions,
  siteAreaName,
  siteBackend,
  siteCollection,
} from "../site/site-backend.js";
export { type DocsSourcesBackend, docsSourcesBackend, type OpenedSource } from "./docs-sources.js";
export { type FolderBackend, type FolderBackendOptions, folderBackend } from "./folder-backend.js";
export { collectionFolder, folderAreas, rootFilesCollection } from "./folder-collections.js";
export {
  type CollectionFolder,
  defaultFolderLimits,
  defaultIndexPath,
  type FolderOptions,
} from "./folder-options.js";
export { toFtsQuery } from "./fts-query.js";
export { indexFolder } from "./index-folder.js";
export type { IndexProgress, IndexRunOptions, IndexSummary } from "./index-summary.js";
export { localCaller } from "./local-caller.js";
export { type ParsedDocument, type ParsedSection, parseDocument } from "./parse-document.js";
export { type MarkdownSource, toMarkdown } from "./to-markdown.js";
export { docExtensions, type SkipReason } from "./walk-folder.js";
