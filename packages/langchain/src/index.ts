export { type ClassifiedError, classifyRetrieverError } from "./classify-retriever-error.js";
export { createDocsTools } from "./create-docs-tools.js";
export {
  DocsStructuredTool,
  type DocsToolArtifact,
  type DocsToolOptions,
  type DocsToolResult,
} from "./docs-structured-tool.js";
export { type DocsToolContext, docsContextSchema } from "./docs-tool-caller.js";
export { createGetDocumentTool, type GetDocumentTool } from "./get-document-tool.js";
export {
  type DocumentCompressorRerankerOptions,
  documentCompressorReranker,
} from "./rerank/document-compressor-reranker.js";
export {
  type EmbeddingsRerankerOptions,
  embeddingsReranker,
} from "./rerank/embeddings-reranker.js";
export {
  defaultDocumentIdOrder,
  type RetrieverBackendOptions,
  type RetrieverSource,
  retrieverBackend,
} from "./retriever-backend.js";
export { retrieverStatusTable } from "./retriever-status-table.js";
export {
  createSearchDocsTool,
  type SearchDocsInput,
  type SearchDocsTool,
} from "./search-docs-tool.js";
export { SearchDocsToolkit } from "./search-docs-toolkit.js";
