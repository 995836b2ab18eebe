import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { Hono } from "hono";
import { NextRequest } from "next/server.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mcpTokens, testAuth } from "../__fixtures__/test-verifier.js";
import { createDocsMcpHandler } from "./create-docs-mcp-handler.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

function handler() {
  return createDocsMcpHandler(createTestDocsSearch(service), {
    auth: testAuth,
    callerFor: () => ({ token: service.tokens.everything }),
  });
}

/** The SDK's Client, its requests answered by `answer` in process instead of over a socket. */
async function searchThrough(answer: (request: Request) => Promise<Response> | Response) {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("https://docs-mcp.example.com/mcp"), {
      requestInit: { headers: { authorization: `Bearer ${mcpTokens.alice}` } },
      fetch: async (url, init) => answer(new Request(url, init)),
    }),
  );
  try {
    const { tools } = await client.listTools();
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key" },
    });
    return { tools, result };
  } finally {
    await client.close();
  }
}

it("Hono: app.all('/mcp', (c) => handler(c.req.raw)), metadata at its well-known path", async () => {
  const mcp = handler();
  const app = new Hono();
  app.all("/mcp", (context) => mcp(context.req.raw));
  app.get("/.well-known/oauth-protected-resource/mcp", (context) => mcp(context.req.raw));
  const { tools, result } = await searchThrough((request) => app.fetch(request));
  expect(tools.map((tool) => tool.name)).toEqual(["search_docs", "get_document"]);
  expect(result.structuredContent).toMatchObject({ status: "ok" });
  const metadata = await app.request(
    "https://docs-mcp.example.com/.well-known/oauth-protected-resource/mcp",
  );
  expect(await metadata.json()).toMatchObject({ resource: testAuth.resource });
  expect((await app.request("https://docs-mcp.example.com/mcp", { method: "POST" })).status).toBe(
    401,
  );
});

it("Next.js route handlers: export { handler as GET, handler as POST } from app/mcp/route.ts", async () => {
  // What a route file exports; Next calls each with a NextRequest and a context.
  const route = { GET: handler(), POST: handler() };
  const { result } = await searchThrough((request) => {
    const method = request.method as keyof typeof route;
    return route[method](new NextRequest(request));
  });
  expect(result.structuredContent).toMatchObject({ status: "ok" });
  const metadata = await route.GET(
    new NextRequest("https://docs-mcp.example.com/.well-known/oauth-protected-resource/mcp"),
  );
  expect(metadata.status).toBe(200);
});
