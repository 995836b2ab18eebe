import {
  type Caller,
  type DocsSearch,
  modelJsonSchema,
  type SearchOutput,
} from "@search-docs/core";
import { jsonSchema, type Tool, tool } from "ai";
import {
  type DocsToolContext,
  docsToolContextSchema,
  type ToolContext,
} from "./docs-tool-context.js";

export interface DocsToolOptions {
  /** The end user's credentials, when the tools are built per request. Omit to read them from `toolsContext`. */
  caller?: Caller | undefined;
  /** Providers' strict mode: every argument required, optional ones nullable. Sets `strict` on the tool. */
  strict?: boolean | undefined;
}

/** search_docs arguments as this configuration's schema reads them. */
export type SearchDocsInput<AreaName extends string = string> = Parameters<
  DocsSearch<AreaName>["search"]
>[0];

/** What `execute` returns: the contract the model sees, and beside it what the app wants. */
export interface SearchDocsToolOutput {
  /** Exactly what the model sees: `toModelOutput` sends it, and nothing else, as JSON text. */
  result: SearchOutput;
  /** Finds this call's trace in `onTrace` (the trace itself stays on the server). */
  traceId: string;
  /** Ref → docs portal URL (empty without a `portalUrl`). */
  urls: Record<string, string>;
}

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
  const strict = options.strict === true;
  return tool<SearchDocsInput<AreaName>, SearchDocsToolOutput, ToolContext>({
    description: docs.descriptions.search_docs,
    // No validate: core is the one validator, so a bad argument reaches the model as core's
    // sentence (a tool-error), not as the SDK's echo of the whole input.
    inputSchema: jsonSchema<SearchDocsInput<AreaName>>(
      modelJsonSchema(docs.searchInput, { strict }),
    ),
    ...(strict ? { strict } : {}),
    ...(options.caller === undefined
      ? { contextSchema: docsToolContextSchema("search_docs") }
      : {}),
    execute: async (input, { abortSignal, context, toolCallId }) => {
      const caller = options.caller ?? (context as Partial<DocsToolContext> | undefined)?.caller;
      const { output, trace } = await docs.search(input, {
        caller: caller as Caller,
        signal: abortSignal,
        toolCallId,
      });
      return {
        result: output,
        traceId: trace.traceId,
        urls: docs.refUrls(output.results.map((result) => result.ref)),
      };
    },
    toModelOutput: ({ output }) => ({ type: "text", value: JSON.stringify(output.result) }),
  });
}
