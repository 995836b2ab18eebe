import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { indexSite } from "@search-docs/core/folder";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtBin } from "../__fixtures__/built-bin.js";

// `search-docs-mcp --docs <url>` as a host runs it, on a docs site served on the loopback address.
let work: string;
let server: Server;
let url: string;
const clients: Client[] = [];

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), "search-docs-mcp-site-"));
  server = createServer((request, response) => {
    const pages: Record<string, string> = {
      "/handbook/":
        '<html><body><nav><a href="/handbook/oncall/paging">Paging</a></nav><main><h1>Handbook</h1><p>Welcome.</p></main></body></html>',
      "/handbook/oncall/paging":
        '<html><body><main><h1>Paging</h1><p>How we page.</p><h2 id="escalation">Escalation</h2><p>Escalate to the secondary after fifteen minutes.</p></main></body></html>',
    };
    const page = pages[request.url ?? ""];
    response.writeHead(page === undefined ? 404 : 200, { "content-type": "text/html" });
    response.end(page ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/handbook/`;
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe("search-docs-mcp --docs <url>", () => {
  it("answers from the indexed site: refs are the pages' paths", async () => {
    const environment = { XDG_CACHE_HOME: join(work, "cache") };
    const summary = await indexSite({ url, environment });
    expect(summary).toMatchObject({ pages: 2, indexed: 2 });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtBin(), "--docs", url],
      env: { PATH: process.env.PATH ?? "", ...environment },
      stderr: "pipe",
    });
    const client = new Client({ name: "test-host", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    const search = await client.callTool({
      name: "search_docs",
      arguments: { query: "when do we escalate to the secondary" },
    });
    const output = search.structuredContent as { status: string; results: { ref: string }[] };
    expect(output.status).toBe("ok");
    expect(output.results[0]?.ref).toBe("handbook/oncall/paging#2");
    const document = await client.callTool({
      name: "get_document",
      arguments: { ref: "handbook/oncall/paging#2" },
    });
    expect(document.structuredContent).toMatchObject({ status: "ok", title: "Paging" });
  }, 60_000);
});
