import type { DocsSearch, DocumentInput } from "@search-docs/core";
import { DocsStructuredTool, type DocsToolOptions } from "./docs-structured-tool.js";

export type GetDocumentTool = DocsStructuredTool<DocumentInput, "get_document">;

/** get_document as a LangChain tool. */
export function createGetDocumentTool(
  docs: DocsSearch,
  options: DocsToolOptions = {},
): GetDocumentTool {
  return new DocsStructuredTool({
    name: "get_document",
    description: docs.descriptions.get_document,
    input: docs.documentInput,
    options,
    run: (input: DocumentInput, call) => docs.getDocument(input, call),
  });
}
