import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Protocol, type RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { assertCaller, type Caller, type DocsSearch } from "@search-docs/core";
import { z } from "zod";
import { callDocsTool, toolError } from "./call-docs-tool.js";
import { type DocsToolName, docsMcpTools, docsToolNames } from "./docs-mcp-tools.js";
import { serverInfo } from "./server-info.js";

/**
 * The backend credentials of the user behind one call: over HTTP, mapped from the MCP access
 * token the server verified (never that token itself); over stdio, `authInfo` is undefined.
 */
export type CallerFor = (authInfo: AuthInfo | undefined) => Caller | Promise<Caller>;

export interface DocsMcpServerOptions {
  /** Whose credentials every call reads the docs with: fixed (stdio, one user) or per call. */
  caller: Caller | CallerFor;
  /**
   * Failures that are not the model's doing (a `caller` that throws or is malformed, a bug). The
   * model gets a one-line tool error without the details. Default: `console.error` (stderr,
   * never the stdio protocol's stdout).
   */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * An MCP server with search_docs and get_document for one transport connection. Built on the
 * SDK's low-level `Server`: `McpServer` would publish its own JSON schema of a zod input and
 * answer bad arguments in its own words before core sees them.
 */
export function createDocsMcpServer(docs: DocsSearch, options: DocsMcpServerOptions): Server {
  const tools = docsMcpTools(docs);
  const onError = options.onError ?? ((error: unknown) => console.error("search-docs mcp:", error));
  if (typeof options.caller !== "function") {
    // A fixed caller is checked now, as the adapters check theirs: a server that started with
    // no usable credentials would answer every call with a server error.
    assertCaller(
      options.caller,
      "search_docs",
      "pass createDocsMcpServer(docs, { caller: { token } }) the user's credentials, or a function of the call",
    );
  }
  const callerFor: CallerFor =
    typeof options.caller === "function" ? options.caller : constant(options.caller);
  const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false } } });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  const callTool = async (
    request: z.infer<typeof callToolWithAnyArguments>,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params ?? {};
    if (!docsToolNames.includes(name as DocsToolName)) {
      const shown = (JSON.stringify(name) ?? "nothing").slice(0, 80);
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${shown}: this server has ${docsToolNames.join(" and ")}.`,
      );
    }
    const tool = name as DocsToolName;
    try {
      const caller = await callerFor(extra.authInfo);
      return await callDocsTool(docs, tool, input, {
        caller,
        signal: extra.signal,
      });
    } catch (error) {
      // A cancelled call is answered by nobody; anything else gets one line, details to the app.
      if (extra.signal.aborted) throw error;
      onError(error);
      return toolError(`${tool} could not run because of a server error; try again later.`);
    }
  };
  // Past Server's own registration, which checks tools/call against the SDK's schema first.
  Protocol.prototype.setRequestHandler.call(server, callToolWithAnyArguments, callTool);
  return server;
}

/**
 * tools/call taking whatever comes. Against the SDK's schema, arguments that are not an object
 * (null, a string) get -32603 and a dump of its issues; core says what is wrong with them in one
 * line, as a tool error the model can act on, and a missing or odd name is an unknown tool.
 */
const callToolWithAnyArguments = z.object({
  method: z.literal("tools/call"),
  params: z.looseObject({ name: z.unknown(), arguments: z.unknown() }).partial().optional(),
});

function constant(caller: Caller): CallerFor {
  return () => caller;
}
