import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtBin } from "../__fixtures__/built-bin.js";

// `search-docs-mcp --docs <folder>` as a host runs it: a child process, the SDK's Client on stdio,
// no SEARCH_DOCS_* and no credentials.
let work: string;
const clients: Client[] = [];

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-mcp-folder-"));
  mkdirSync(join(work, "docs", "runbooks"), { recursive: true });
  writeFileSync(
    join(work, "docs", "runbooks", "key-rotation.md"),
    "# Key rotation\n\nRotate the signing key every 90 days.\n\n## Steps\n\nCreate the new key, then revoke the old one.\n",
  );
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  rmSync(work, { recursive: true, force: true });
});

describe("search-docs-mcp --docs <folder>", () => {
  it("serves the folder: refs are its files' paths, get_document reads them", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtBin(), "--docs", join(work, "docs")],
      env: { PATH: process.env.PATH ?? "", XDG_CACHE_HOME: join(work, "cache") },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "test-host", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_docs", "get_document"]);
    // The first index is built in the background; core waits out "rebuilding" within its budget.
    const search = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate the signing key" },
    });
    const output = search.structuredContent as {
      status: string;
      results: { ref: string; area: string }[];
    };
    expect(output.status).toBe("ok");
    expect(output.results[0]).toMatchObject({ ref: "runbooks/key-rotation#1", area: "runbooks" });
    const document = await client.callTool({
      name: "get_document",
      arguments: { ref: "runbooks/key-rotation#2" },
    });
    expect(document.structuredContent).toMatchObject({ status: "ok", title: "Key rotation" });
    expect(stderr).toMatch(/searching folder at .*docs \(areas: runbooks\)\n/);
  });
});
