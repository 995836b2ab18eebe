import {
  type Caller,
  type DocsSearch,
  type DocumentInput,
  type DocumentOutput,
  modelJsonSchema,
} from "@search-docs/core";
import { jsonSchema, type Tool, tool } from "ai";
import {
  type DocsToolContext,
  docsToolContextSchema,
  type ToolContext,
} from "./docs-tool-context.js";
import type { DocsToolOptions } from "./search-docs-tool.js";

/** What `execute` returns: the contract the model sees, and beside it what the app wants. */
export interface GetDocumentToolOutput {
  /** Exactly what the model sees: `toModelOutput` sends it, and nothing else, as JSON text. */
  result: DocumentOutput;
  /** Finds this call's trace in `onTrace` (the trace itself stays on the server). */
  traceId: string;
  /** The document's portal URL by ref, when it was read and a `portalUrl` is configured. */
  urls: Record<string, string>;
}

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
  const strict = options.strict === true;
  return tool<DocumentInput, GetDocumentToolOutput, ToolContext>({
    description: docs.descriptions.get_document,
    inputSchema: jsonSchema<DocumentInput>(modelJsonSchema(docs.documentInput, { strict })),
    ...(strict ? { strict } : {}),
    ...(options.caller === undefined
      ? { contextSchema: docsToolContextSchema("get_document") }
      : {}),
    execute: async (input, { abortSignal, context, toolCallId }) => {
      const caller = options.caller ?? (context as Partial<DocsToolContext> | undefined)?.caller;
      const { output, trace } = await docs.getDocument(input, {
        caller: caller as Caller,
        signal: abortSignal,
        toolCallId,
      });
      return {
        result: output,
        traceId: trace.traceId,
        urls: output.status === "ok" ? docs.refUrls([output.ref]) : {},
      };
    },
    toModelOutput: ({ output }) => ({ type: "text", value: JSON.stringify(output.result) }),
  });
}
