import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { fakeDocsServiceFixture } from "@search-docs/core/testing";
import { sampleElasticsearchIndices, startFakeElasticsearch } from "@search-docs/test-servers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { builtBin } from "../__fixtures__/built-bin.js";

// The bin as a host runs it: a child process, the SDK's own Client on its stdin and stdout.
const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  fake.reset();
});

async function connectStdio(env: Record<string, string> = {}, args: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtBin(), ...args],
    env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "test-host", version: "1.0.0" });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, stderr: () => stderr };
}

function backendEnvironment(token: string): Record<string, string> {
  return {
    SEARCH_DOCS_BASE_URL: fake.service.url,
    SEARCH_DOCS_TOKEN: token,
    SEARCH_DOCS_AREAS: JSON.stringify(fake.service.areas),
  };
}

/** Runs the bin to its end with raw pipes: exit code, every byte of stdout and stderr. */
function run(args: string[], env: Record<string, string>, stdin = "") {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [builtBin(), ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe("search-docs-mcp over stdio", () => {
  it("with no SEARCH_DOCS_*, serves the embedded fake service and says so on stderr", async () => {
    const { client, stderr } = await connectStdio();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_docs", "get_document"]);
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key" },
    });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    expect(stderr()).toMatch(
      /no SEARCH_DOCS_\* configuration, so serving the embedded fake docs service/,
    );
  });

  it("reads as the environment's user: SEARCH_DOCS_TOKEN on every upstream request", async () => {
    const { client, stderr } = await connectStdio(
      backendEnvironment(fake.service.tokens.runbooksOnly),
    );
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "data retention policy" },
    });
    const output = result.structuredContent as { status: string; results: { area: string }[] };
    expect(output.status).toBe("ok");
    expect(new Set(output.results.map((hit) => hit.area))).toEqual(new Set(["runbooks"]));
    expect(fake.service.requests.length).toBeGreaterThan(0);
    expect(
      fake.service.requests.every((request) => request.token === fake.service.tokens.runbooksOnly),
    ).toBe(true);
    expect(stderr()).toContain(`searching ${fake.service.url}`);
  });

  it("searches Elasticsearch from SEARCH_DOCS_ELASTICSEARCH_URL, as the environment's API key", async () => {
    const engine = await startFakeElasticsearch({
      indices: sampleElasticsearchIndices(),
      users: { "ApiKey mcp-key": { name: "mcp", read: ["docs-runbooks"] } },
    });
    cleanups.push(() => engine.close());
    const { client, stderr } = await connectStdio({
      SEARCH_DOCS_ELASTICSEARCH_URL: engine.url,
      SEARCH_DOCS_ELASTICSEARCH_API_KEY: "mcp-key",
      SEARCH_DOCS_AREAS: '{"runbooks":["docs-runbooks"],"policies":["docs-policies"]}',
    });
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key" },
    });
    const output = result.structuredContent as { status: string; results: { area: string }[] };
    // docs-policies answers 403 for this key: omitted, and the runbooks still answer.
    expect(output.status).toBe("ok");
    expect(new Set(output.results.map((hit) => hit.area))).toEqual(new Set(["runbooks"]));
    expect(
      engine.requests.every((request) => request.headers.authorization === "ApiKey mcp-key"),
    ).toBe(true);
    expect(stderr()).toContain(`searching elasticsearch at ${engine.url}`);
  });

  it("writes nothing but protocol messages to stdout, and answers what it owes before stopping on stdin's end", async () => {
    const messages = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "t", version: "1" },
        },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "search_docs", arguments: { query: 7 } },
      },
      // Still searching when stdin closes: its answer is owed, and sent before the exit.
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "search_docs", arguments: { query: "vpn" } },
      },
    ];
    const { code, stdout, stderr } = await run(
      [],
      {},
      messages.map((m) => `${JSON.stringify(m)}\n`).join(""),
    );
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([1, 2, 3]);
    expect(JSON.parse(lines[2] as string).result.structuredContent.status).toBe("ok");
    expect(JSON.parse(lines[1] as string).result).toEqual({
      content: [
        {
          type: "text",
          text: 'InvalidInputError: Invalid search_docs input: "query" must be a string.',
        },
      ],
      isError: true,
    });
    expect(stderr).toContain("embedded fake docs service");
  });

  it("exits non-zero with one line on stderr when its transport closes under it (an 11 MB line)", async () => {
    const child = spawn(process.execPath, [builtBin()], { env: { PATH: process.env.PATH ?? "" } });
    cleanups.push(async () => void child.kill("SIGKILL"));
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await new Promise<void>((resolve) =>
      child.stderr.on("data", () => stderr.includes("over stdio") && resolve()),
    );
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    // The child stops reading once the line passes the limit: the rest of the write may EPIPE.
    child.stdin.on("error", () => {});
    // Past the SDK's 10 MB read buffer, and stdin left open: the host still holds it.
    child.stdin.write(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(11 * 1024 * 1024)}"}}\n`,
    );
    const code = await Promise.race([
      exited,
      new Promise<string>((resolve) =>
        // Today's bin exits within 2 s; the margin is for a loaded machine. Before, it never did.
        setTimeout(() => resolve("still running after 30 s"), 30_000),
      ),
    ]);
    expect(code).toBe(1);
    const afterStart = stderr.slice(stderr.indexOf("over stdio\n") + "over stdio\n".length);
    expect(afterStart.trimEnd().split("\n")).toEqual([
      "search-docs-mcp: the stdio transport closed (ReadBuffer exceeded maximum size of 10485760 bytes); exiting",
    ]);
    child.stdin.destroy();
  }, 60_000);

  it("a half-done configuration stops it at once with one line naming the variable", async () => {
    const { code, stdout, stderr } = await run([], { SEARCH_DOCS_BASE_URL: fake.service.url });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("SEARCH_DOCS_TOKEN is not set");
  });

  it("a bad command line prints the usage, on stderr", async () => {
    const { code, stdout, stderr } = await run(["--port", "80"], {});
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("--port goes with --http");
    expect(stderr).toContain("search-docs-mcp --http [--port <n>]");
  });
});

describe("search-docs-mcp --http", () => {
  it("serves Streamable HTTP on 127.0.0.1 for this machine only", async () => {
    const child = spawn(process.execPath, [builtBin(), "--http", "--port", "0"], {
      env: { PATH: process.env.PATH ?? "", ...backendEnvironment(fake.service.tokens.noPolicies) },
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          child.once("close", () => resolve());
          child.kill("SIGTERM");
        }),
    );
    const endpoint = await new Promise<string>((resolve, reject) => {
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /Streamable HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (match?.[1]) resolve(match[1]);
      });
      child.once("close", () => reject(new Error(`exited: ${stderr}`)));
    });
    const client = new Client({ name: "test-host", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    cleanups.push(() => client.close());
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "data retention policy" },
    });
    const output = result.structuredContent as { results: { area: string }[] };
    expect(output.results.some((hit) => hit.area === "policies")).toBe(false);
    expect(
      fake.service.requests.every((request) => request.token === fake.service.tokens.noPolicies),
    ).toBe(true);
    // A page from another site cannot reach it through the browser.
    const fromBrowser = await fetch(endpoint, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(fromBrowser.status).toBe(403);
    expect((await fetch(endpoint.replace("/mcp", "/other"))).status).toBe(404);
  });
});
