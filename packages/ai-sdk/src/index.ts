export type { DocsToolOptions, DocsToolOutput } from "./docs-tool.js";
export type { DocsToolContext, ToolContext } from "./docs-tool-context.js";
export { type DocsTools, docsTools } from "./docs-tools.js";
export {
  type GetDocumentTool,
  type GetDocumentToolOutput,
  getDocumentTool,
} from "./get-document-tool.js";
export {
  type EmbeddingModelRerankerOptions,
  embeddingModelReranker,
} from "./rerank/embedding-model-reranker.js";
export {
  type RerankingModelRerankerOptions,
  rerankingModelReranker,
} from "./rerank/reranking-model-reranker.js";
export {
  type SearchDocsInput,
  type SearchDocsTool,
  type SearchDocsToolOutput,
  searchDocsTool,
} from "./search-docs-tool.js";
