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
export { serverInfo } from "./server-info.js";
