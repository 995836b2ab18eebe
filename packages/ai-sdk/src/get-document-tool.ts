import type { Caller, DocsSearch, DocumentInput, DocumentOutput } from "@search-docs/core";
import type { Tool } from "ai";
import { type DocsToolOptions, type DocsToolOutput, docsTool } from "./docs-tool.js";
import type { DocsToolContext, ToolContext } from "./docs-tool-context.js";

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
  return docsTool({
    name: "get_document",
    description: docs.descriptions.get_document,
    input: docs.documentInput,
    options,
    run: (input: DocumentInput, call) => docs.getDocument(input, call),
  });
}
