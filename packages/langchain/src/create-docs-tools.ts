import type { DocsSearch } from "@search-docs/core";
import type { DocsToolOptions } from "./docs-structured-tool.js";
import { createGetDocumentTool, type GetDocumentTool } from "./get-document-tool.js";
import { createSearchDocsTool, type SearchDocsTool } from "./search-docs-tool.js";

/**
 * [search_docs, get_document] for createAgent or bindTools. With `caller`, they are bound to one
 * user (build them per request); without, each call reads the caller from the run's context.
 */
export function createDocsTools<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions = {},
): [SearchDocsTool<AreaName>, GetDocumentTool] {
  return [createSearchDocsTool(docs, options), createGetDocumentTool(docs as DocsSearch, options)];
}
