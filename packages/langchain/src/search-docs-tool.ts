import type { DocsSearch } from "@search-docs/core";
import { DocsStructuredTool, type DocsToolOptions } from "./docs-structured-tool.js";

/** search_docs arguments as this configuration's schema reads them. */
export type SearchDocsInput<AreaName extends string = string> = Parameters<
  DocsSearch<AreaName>["search"]
>[0];

export type SearchDocsTool<AreaName extends string = string> = DocsStructuredTool<
  SearchDocsInput<AreaName>,
  "search_docs"
>;

/** search_docs as a LangChain tool. */
export function createSearchDocsTool<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions = {},
): SearchDocsTool<AreaName> {
  return new DocsStructuredTool({
    name: "search_docs",
    description: docs.descriptions.search_docs,
    input: docs.searchInput,
    options,
    run: (input: SearchDocsInput<AreaName>, call) => docs.search(input, call),
  });
}
