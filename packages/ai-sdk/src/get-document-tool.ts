import type { Caller, DocsSearch, DocumentInput, DocumentOutput } from "@search-docs/core";
import { type Tool, tool } from "ai";
import type { DocsToolContext, ToolContext } from "./docs-tool-context.js";
import { type DocsToolOptions, type DocsToolOutput, docsToolShape } from "./docs-tool-shape.js";

/** What `execute` returns: the contract the model sees, and beside it what the app wants. */
export type GetDocumentToolOutput = DocsToolOutput<DocumentOutput>;

export type GetDocumentTool<CONTEXT extends ToolContext = ToolContext> = Tool<
  DocumentInput,
  GetDocumentToolOutput,
  CONTEXT
>;

/** get_document as an AI SDK tool. */
export function getDocumentTool(
  docs: DocsSearch,
  options: DocsToolOptions & { caller: Caller },
): GetDocumentTool;
export function getDocumentTool(
  docs: DocsSearch,
  options?: DocsToolOptions,
): GetDocumentTool<DocsToolContext>;
export function getDocumentTool(
  docs: DocsSearch,
  options: DocsToolOptions = {},
): GetDocumentTool | GetDocumentTool<DocsToolContext> {
  return tool<DocumentInput, GetDocumentToolOutput, ToolContext>({
    description: docs.descriptions.get_document,
    ...docsToolShape("get_document", docs.documentInput, options),
    execute: async (input, { abortSignal, context, toolCallId }) => {
      const caller = options.caller ?? (context as Partial<DocsToolContext> | undefined)?.caller;
      const { output, trace, urls, unauthorized } = await docs.getDocument(input, {
        caller: caller as Caller,
        signal: abortSignal,
        toolCallId,
      });
      return { result: output, traceId: trace.traceId, urls, unauthorized };
    },
    toModelOutput: ({ output }) => ({ type: "text", value: JSON.stringify(output.result) }),
  });
}
