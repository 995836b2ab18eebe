import type { Caller, DocsSearch, SearchOutput } from "@search-docs/core";
import type { Tool } from "ai";
import { type DocsToolOptions, type DocsToolOutput, docsTool } from "./docs-tool.js";
import type { DocsToolContext, ToolContext } from "./docs-tool-context.js";

/** search_docs arguments as this configuration's schema reads them. */
export type SearchDocsInput<AreaName extends string = string> = Parameters<
  DocsSearch<AreaName>["search"]
>[0];

export type SearchDocsToolOutput = DocsToolOutput<SearchOutput>;

export type SearchDocsTool<
  AreaName extends string = string,
  CONTEXT extends ToolContext = ToolContext,
> = Tool<SearchDocsInput<AreaName>, SearchDocsToolOutput, CONTEXT>;

/** search_docs as an AI SDK tool. */
export function searchDocsTool<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions & { caller: Caller },
): SearchDocsTool<AreaName>;
export function searchDocsTool<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options?: DocsToolOptions,
): SearchDocsTool<AreaName, DocsToolContext>;
export function searchDocsTool<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions = {},
): SearchDocsTool<AreaName> | SearchDocsTool<AreaName, DocsToolContext> {
  return docsTool({
    name: "search_docs",
    description: docs.descriptions.search_docs,
    input: docs.searchInput,
    options,
    run: (input: SearchDocsInput<AreaName>, call) => docs.search(input, call),
  });
}
