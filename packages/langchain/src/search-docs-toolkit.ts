import { BaseToolkit } from "@langchain/core/tools";
import type { DocsSearch } from "@search-docs/core";
import { createDocsTools } from "./create-docs-tools.js";
import type { DocsToolOptions } from "./docs-structured-tool.js";
import type { GetDocumentTool } from "./get-document-tool.js";
import type { SearchDocsTool } from "./search-docs-tool.js";

/** The two tools as a LangChain toolkit: `new SearchDocsToolkit(docs).getTools()`. */
export class SearchDocsToolkit<AreaName extends string = string> extends BaseToolkit {
  tools: [SearchDocsTool<AreaName>, GetDocumentTool];

  constructor(docs: DocsSearch<AreaName>, options: DocsToolOptions = {}) {
    super();
    this.tools = createDocsTools(docs, options);
  }
}
