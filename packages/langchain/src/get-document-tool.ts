import { type DynamicStructuredTool, tool } from "@langchain/core/tools";
import {
  type DocsSearch,
  type DocumentInput,
  type ModelJsonSchema,
  modelJsonSchema,
} from "@search-docs/core";
import { docsToolCaller } from "./docs-tool-caller.js";
import type { DocsToolOptions, DocsToolResult } from "./search-docs-tool.js";
import { validatedByCore } from "./validated-by-core.js";

export type GetDocumentTool = DynamicStructuredTool<
  ModelJsonSchema,
  DocumentInput,
  DocumentInput,
  DocsToolResult,
  unknown,
  "get_document"
>;

/** get_document as a LangChain tool. */
export function createGetDocumentTool(
  docs: DocsSearch,
  options: DocsToolOptions = {},
): GetDocumentTool {
  const structuredTool = tool(
    async (input: DocumentInput, runtime): Promise<DocsToolResult> => {
      const caller = docsToolCaller("get_document", options.caller, runtime);
      const { output, trace } = await docs.getDocument(input, {
        caller,
        signal: runtime?.signal,
        toolCallId: runtime?.toolCall?.id,
      });
      const urls = output.status === "ok" ? docs.refUrls([output.ref]) : {};
      return [JSON.stringify(output), { traceId: trace.traceId, trace, urls }];
    },
    {
      name: "get_document",
      description: docs.descriptions.get_document,
      schema: modelJsonSchema(docs.documentInput, { strict: options.strict === true }),
      responseFormat: "content_and_artifact",
      verboseParsingErrors: true,
    },
    // An object schema always makes a DynamicStructuredTool; tool()'s overloads cannot tell for
    // a JSON schema, and an exported tool needs its type spelled out (TS2883).
  ) as GetDocumentTool;
  return validatedByCore(structuredTool, docs.documentInput, "get_document");
}
