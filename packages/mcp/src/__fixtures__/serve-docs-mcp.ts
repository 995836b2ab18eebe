import type { RequestListener } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { DocsSearch } from "@search-docs/core";
import type { FakeDocsService } from "@search-docs/core/testing";
import {
  createDocsMcpHandler,
  type DocsMcpHandlerOptions,
} from "../http/create-docs-mcp-handler.js";
import { nodeRequestListener } from "../http/node-request-listener.js";
import { listen } from "./listen.js";
import { testAuth } from "./test-verifier.js";

/** The backend token each test user maps to: alice reads runbooks only, bob everything. */
export function backendTokenOf(service: FakeDocsService, authInfo: AuthInfo): string {
  return authInfo.extra?.user === "alice" ? service.tokens.runbooksOnly : service.tokens.everything;
}

/**
 * The docs MCP handler with the test verifier, on a real node:http server on 127.0.0.1: as behind
 * a proxy, the Host that reaches it (127.0.0.1:<port>) is not the resource's, so it is listed.
 */
export async function serveDocsMcp(
  docs: DocsSearch,
  service: FakeDocsService,
  options: Partial<DocsMcpHandlerOptions> = {},
) {
  const errors: unknown[] = [];
  let listener: RequestListener | undefined;
  const server = await listen((incoming, outgoing) => listener?.(incoming, outgoing));
  const handler = createDocsMcpHandler(docs, {
    auth: testAuth,
    callerFor: (authInfo) => ({ token: backendTokenOf(service, authInfo) }),
    onError: (error) => void errors.push(error),
    allowedHosts: [`127.0.0.1:${server.port}`],
    ...options,
  } as DocsMcpHandlerOptions);
  listener = nodeRequestListener(handler);
  return { ...server, endpoint: `${server.url}/mcp`, errors };
}
