import type { Caller, DocsSearch, SearchOutput } from "@search-docs/core";
import { type Tool, tool } from "ai";
import type { DocsToolContext, ToolContext } from "./docs-tool-context.js";
import { type DocsToolOptions, type DocsToolOutput, docsToolShape } from "./docs-tool-shape.js";

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
  return tool<SearchDocsInput<AreaName>, SearchDocsToolOutput, ToolContext>({
    description: docs.descriptions.search_docs,
    ...docsToolShape("search_docs", docs.searchInput, options),
    execute: async (input, { abortSignal, context, toolCallId }) => {
      const caller = options.caller ?? (context as Partial<DocsToolContext> | undefined)?.caller;
      const { output, trace, urls, unauthorized } = await docs.search(input, {
        caller: caller as Caller,
        signal: abortSignal,
        toolCallId,
      });
      return { result: output, traceId: trace.traceId, urls, unauthorized };
    },
    toModelOutput: ({ output }) => ({ type: "text", value: JSON.stringify(output.result) }),
  });
}
