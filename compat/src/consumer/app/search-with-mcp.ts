import { dirname } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createDocsSearch } from "@search-docs/core";
import type { FakeDocsService } from "@search-docs/core/testing";
import { createDocsMcpServer } from "@search-docs/mcp";

type ToolResult = { structuredContent?: Record<string, unknown> };
const question = { query: "how do I rotate a service account key" };

/**
 * The MCP server two ways: built in process and called by the SDK's own client, then as a host
 * starts it, `npx @search-docs/mcp` over stdio (on its embedded fake docs service).
 */
export async function searchWithMcp(service: FakeDocsService) {
  const docs = createDocsSearch({ baseUrl: service.url, areas: service.areas });
  const server = createDocsMcpServer(docs, { caller: { token: service.tokens.everything } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "consumer-app", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const calls: Array<{ tool: string; status: unknown }> = [];
  try {
    const search = (await client.callTool({
      name: "search_docs",
      arguments: question,
    })) as ToolResult;
    calls.push({ tool: "search_docs", status: search.structuredContent?.status });
    const results = (search.structuredContent?.results ?? []) as Array<{ ref: string }>;
    const best = results[0];
    const read = (await client.callTool({
      name: "get_document",
      arguments: { ref: best?.ref },
    })) as ToolResult;
    calls.push({ tool: "get_document", status: read.structuredContent?.status });
  } finally {
    await client.close();
    await server.close();
  }

  // The bin's `#!/usr/bin/env node` runs on the Node this app runs on.
  const path = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
  const stdio = new StdioClientTransport({
    command: "npx",
    args: ["--no-install", "@search-docs/mcp"],
    env: { PATH: path, HOME: process.env.HOME ?? "" },
    stderr: "pipe",
  });
  let stderr = "";
  stdio.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const host = new Client({ name: "consumer-host", version: "1.0.0" });
  await host.connect(stdio);
  try {
    const search = (await host.callTool({
      name: "search_docs",
      arguments: question,
    })) as ToolResult;
    calls.push({ tool: "search_docs over stdio", status: search.structuredContent?.status });
  } finally {
    await host.close();
  }
  return { calls, stdioSaysEmbedded: stderr.includes("embedded fake docs service") };
}
