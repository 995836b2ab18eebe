export type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
export { callDocsTool, type DocsToolCallOptions, toolError } from "./call-docs-tool.js";
export {
  type CallerFor,
  createDocsMcpServer,
  type DocsMcpServerOptions,
} from "./create-docs-mcp-server.js";
export {
  type DocsToolName,
  docsMcpTools,
  docsToolAnnotations,
  docsToolNames,
} from "./docs-mcp-tools.js";
export {
  createDocsMcpHandler,
  type DocsMcpHandler,
  type DocsMcpHandlerOptions,
} from "./http/create-docs-mcp-handler.js";
export type { DocsMcpAuth, DocsTokenVerifier } from "./http/docs-mcp-auth.js";
export {
  type NodeRequestListenerOptions,
  nodeRequestListener,
} from "./http/node-request-listener.js";
export {
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from "./http/protected-resource-metadata.js";
export { serverInfo } from "./server-info.js";
