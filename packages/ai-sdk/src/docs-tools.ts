import type { Caller, DocsSearch } from "@search-docs/core";
import type { DocsToolOptions } from "./docs-tool.js";
import type { DocsToolContext, ToolContext } from "./docs-tool-context.js";
import { type GetDocumentTool, getDocumentTool } from "./get-document-tool.js";
import { type SearchDocsTool, searchDocsTool } from "./search-docs-tool.js";

// A type alias, not an interface, so it fits the AI SDK's ToolSet (an index signature).
export type DocsTools<
  AreaName extends string = string,
  CONTEXT extends ToolContext = ToolContext,
> = {
  search_docs: SearchDocsTool<AreaName, CONTEXT>;
  get_document: GetDocumentTool<CONTEXT>;
};

/**
 * Both tools, keyed by the names the model sees. With `caller`, they are bound to one user (build
 * them per request); without, each call reads `toolsContext.<tool>.caller`.
 */
export function docsTools<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions & { caller: Caller },
): DocsTools<AreaName>;
export function docsTools<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options?: DocsToolOptions,
): DocsTools<AreaName, DocsToolContext>;
export function docsTools<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions = {},
): DocsTools<AreaName, DocsToolContext> | DocsTools<AreaName> {
  return {
    search_docs: searchDocsTool(docs, options),
    get_document: getDocumentTool(docs as DocsSearch, options),
  };
}
