import { type DynamicStructuredTool, tool } from "@langchain/core/tools";
import {
  type Caller,
  type DocsSearch,
  type ModelJsonSchema,
  modelJsonSchema,
  type Trace,
} from "@search-docs/core";
import { docsToolCaller } from "./docs-tool-caller.js";
import { validatedByCore } from "./validated-by-core.js";

export interface DocsToolOptions {
  /** The end user's credentials, when the tools are built per request. Omit to read them per call. */
  caller?: Caller | undefined;
  /** Providers' strict mode: every argument required, optional ones nullable. */
  strict?: boolean | undefined;
}

/** What rides beside the content on the ToolMessage (`message.artifact`); never sent to the model. */
export interface DocsToolArtifact {
  traceId: string;
  trace: Trace;
  /** Ref → docs portal URL (empty without a `portalUrl`). */
  urls: Record<string, string>;
}

/** search_docs arguments as this configuration's schema reads them. */
export type SearchDocsInput<AreaName extends string = string> = Parameters<
  DocsSearch<AreaName>["search"]
>[0];

/** content: exactly the contract JSON the model reads; artifact: what the app gets. */
export type DocsToolResult = [content: string, artifact: DocsToolArtifact];

export type SearchDocsTool<AreaName extends string = string> = DynamicStructuredTool<
  ModelJsonSchema,
  SearchDocsInput<AreaName>,
  SearchDocsInput<AreaName>,
  DocsToolResult,
  unknown,
  "search_docs"
>;

/** search_docs as a LangChain tool. */
export function createSearchDocsTool<AreaName extends string>(
  docs: DocsSearch<AreaName>,
  options: DocsToolOptions = {},
): SearchDocsTool<AreaName> {
  const structuredTool = tool(
    async (input: SearchDocsInput<AreaName>, runtime): Promise<DocsToolResult> => {
      const caller = docsToolCaller("search_docs", options.caller, runtime);
      const { output, trace } = await docs.search(input, {
        caller,
        signal: runtime?.signal,
        toolCallId: runtime?.toolCall?.id,
      });
      const urls = docs.refUrls(output.results.map((result) => result.ref));
      return [JSON.stringify(output), { traceId: trace.traceId, trace, urls }];
    },
    {
      name: "search_docs",
      description: docs.descriptions.search_docs,
      schema: modelJsonSchema(docs.searchInput, { strict: options.strict === true }),
      responseFormat: "content_and_artifact",
      // LangChain checks the JSON schema first; say which argument failed, not just "did not match".
      verboseParsingErrors: true,
    },
    // An object schema always makes a DynamicStructuredTool; tool()'s overloads cannot tell for
    // a JSON schema, and an exported tool needs its type spelled out (TS2883).
  ) as SearchDocsTool<AreaName>;
  return validatedByCore(structuredTool, docs.searchInput, "search_docs");
}
