import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { type DocsSearch, modelJsonSchema, type Trace } from "@search-docs/core";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectInMemory } from "./__fixtures__/connect-in-memory.js";
import { createDocsMcpServer, type DocsMcpServerOptions } from "./create-docs-mcp-server.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

let connection: Awaited<ReturnType<typeof connectInMemory>> | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  fake.reset();
});

async function connect(
  docs: DocsSearch,
  options: Partial<DocsMcpServerOptions> = {},
): Promise<Client> {
  connection = await connectInMemory(
    createDocsMcpServer(docs, { caller: { token: fake.service.tokens.everything }, ...options }),
  );
  // Listing first is what hosts do, and makes the Client check structuredContent against outputSchema.
  await connection.client.listTools();
  return connection.client;
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const [first] = result.content as { type: string; text: string }[];
  expect(first?.type).toBe("text");
  return first?.text ?? "";
}

describe("tools/list", () => {
  it("lists both tools with the adapters' input schema, an output schema and read-only hints", async () => {
    const docs = createTestDocsSearch(fake.service);
    const client = await connect(docs);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_docs", "get_document"]);
    const [search, read] = tools;
    expect(search).toMatchObject({
      description: docs.descriptions.search_docs,
      inputSchema: modelJsonSchema(docs.searchInput, { strict: false }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    });
    expect(read).toMatchObject({
      description: docs.descriptions.get_document,
      inputSchema: modelJsonSchema(docs.documentInput, { strict: false }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    });
    expect(search?.outputSchema).toMatchObject({
      type: "object",
      required: ["results", "more_matches_exist", "status"],
      properties: { status: { enum: ["ok", "no_matches", "unavailable"] } },
    });
    expect(read?.outputSchema).toMatchObject({
      required: [
        "status",
        "ref",
        "title",
        "area",
        "updated",
        "content",
        "more_content_exists",
        "continue_ref",
      ],
    });
    expect(JSON.stringify(tools)).not.toContain("$schema");
  });
});

describe("tools/call", () => {
  it("search_docs: the contract JSON as text, byte for byte what the adapters send, and as structuredContent", async () => {
    const docs = createTestDocsSearch(fake.service);
    const client = await connect(docs);
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key" },
    });
    const text = textOf(result);
    expect(result.isError).toBeFalsy();
    expect(result.content).toHaveLength(1);
    // The adapters hand the model JSON.stringify(output) for the same upstream answers.
    const direct = await docs.search(
      { query: "rotate a service account key" },
      { caller: { token: fake.service.tokens.everything } },
    );
    expect(text).toBe(JSON.stringify(direct.output));
    expect(JSON.stringify(result.structuredContent)).toBe(text);
    expect(direct.output.status).toBe("ok");
  });

  it("get_document: a ref search_docs issued reads as the contract; an unknown ref is not_found", async () => {
    const docs = createTestDocsSearch(fake.service);
    const client = await connect(docs);
    const search = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key" },
    });
    const ref = (search.structuredContent as { results: { ref: string }[] }).results[0]?.ref;
    const read = await client.callTool({ name: "get_document", arguments: { ref } });
    expect(read.structuredContent).toMatchObject({ status: "ok", ref });
    expect(JSON.stringify(read.structuredContent)).toBe(textOf(read));
    fake.reset();
    const missing = await client.callTool({
      name: "get_document",
      arguments: { ref: "runbooks/no-such-runbook#1" },
    });
    expect(missing.isError).toBeFalsy();
    expect(missing.structuredContent).toMatchObject({ status: "not_found" });
    expect(fake.service.requests).toHaveLength(0);
  });

  it("unavailable is a result the model reads, never a protocol error or a tool error", async () => {
    const docs = createTestDocsSearch(fake.service);
    for (const id of Object.values(fake.service.areas).flat())
      fake.service.setFault(id, { kind: "error" });
    const client = await connect(docs);
    const result = await client.callTool({ name: "search_docs", arguments: { query: "vpn" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: "unavailable", results: [] });
  });

  it("no_access on a document the caller may not read is a result", async () => {
    const docs = createTestDocsSearch(fake.service);
    const everyone = await connect(docs);
    const search = await everyone.callTool({
      name: "search_docs",
      arguments: { query: "data retention", area: "policies" },
    });
    const ref = (search.structuredContent as { results: { ref: string }[] }).results[0]?.ref;
    await connection?.close();
    const restricted = await connect(docs, { caller: { token: fake.service.tokens.noPolicies } });
    const read = await restricted.callTool({ name: "get_document", arguments: { ref } });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ status: "no_access", ref, content: null });
  });

  it.each([
    [
      "a missing query",
      { area: "runbooks" },
      'InvalidInputError: Invalid search_docs input: "query" is required.',
    ],
    ["an area outside the enum", { query: "vpn", area: "hr" }, '"area" must be one of'],
    [
      "a query of the wrong type",
      { query: 42 },
      'InvalidInputError: Invalid search_docs input: "query" must be a string.',
    ],
    ["an area of the wrong type", { query: "vpn", area: 7 }, '"area" must be one of'],
    ["an empty query", { query: "   " }, '"query" must not be empty'],
    [
      "a 50,000-character query",
      { query: "x".repeat(50_000) },
      '"query" must be at most 1000 characters',
    ],
    [
      "no arguments at all",
      undefined,
      'InvalidInputError: Invalid search_docs input: "input" is required.',
    ],
  ])("%s: a tool error in core's one line, with no upstream request", async (_, input, words) => {
    const docs = createTestDocsSearch(fake.service);
    const client = await connect(docs);
    const result = await client.callTool({
      name: "search_docs",
      ...(input === undefined ? {} : { arguments: input }),
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain(words);
    // One line from core: no stack, no server path, no echo of the input.
    expect(text).not.toMatch(/\n|node_modules|\/work\/|\bat \w+ \(/);
    expect(text.length).toBeLessThan(200);
    expect(fake.service.requests).toHaveLength(0);
  });

  it.each([
    ["null", null],
    ["a string", '{"query":"vpn"}'],
    ["an array", ["vpn"]],
  ])(
    "arguments that are %s: core's one line, not the SDK's -32603 and its schema issues",
    async (_, input) => {
      const client = await connect(createTestDocsSearch(fake.service));
      // Sent past the Client's types, as a host that passes a model's output through would.
      const result = await client.request(
        { method: "tools/call", params: { name: "search_docs", arguments: input as never } },
        CallToolResultSchema,
      );
      expect(result).toEqual({
        content: [
          {
            type: "text",
            text: 'InvalidInputError: Invalid search_docs input: "input" must be an object.',
          },
        ],
        isError: true,
      });
      expect(fake.service.requests).toHaveLength(0);
    },
  );

  it("a ref of the wrong type is a tool error for get_document", async () => {
    const client = await connect(createTestDocsSearch(fake.service));
    const result = await client.callTool({ name: "get_document", arguments: { ref: 7 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'InvalidInputError: Invalid get_document input: "ref" must be a string.',
    );
  });

  it("area: null is read as omitted (strict hosts send it): every area is searched", async () => {
    const client = await connect(createTestDocsSearch(fake.service));
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key", area: null },
    });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    const searched = new Set(fake.service.requests.map((request) => request.collectionId));
    expect(searched.size).toBe(Object.values(fake.service.areas).flat().length);
  });

  it("unknown keys are ignored, as the adapters ignore them: nothing of them goes upstream", async () => {
    const client = await connect(createTestDocsSearch(fake.service));
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "vpn", cursor: "eyJvZmZzZXQiOjIwfQ==", page_size: 100 },
    });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    expect(fake.service.requests.every((request) => request.cursor === undefined)).toBe(true);
    expect(fake.service.requests.every((request) => request.pageSize === 20)).toBe(true);
  });

  it("an unknown tool is a protocol error in one short line", async () => {
    const client = await connect(createTestDocsSearch(fake.service));
    const failure = await client
      .callTool({ name: "delete_docs", arguments: {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).message).toContain(
      'Unknown tool "delete_docs": this server has search_docs and get_document.',
    );
  });

  it.each([
    ["a name that is not a string", { name: 7, arguments: {} }, "Unknown tool 7:"],
    ["no name", { arguments: { query: "vpn" } }, "Unknown tool nothing:"],
    ["no params", undefined, "Unknown tool nothing:"],
  ])("a tools/call with %s is a protocol error in one line", async (_, params, words) => {
    const client = await connect(createTestDocsSearch(fake.service));
    const failure = await client
      .request({ method: "tools/call", params: params as never }, CallToolResultSchema)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).code).toBe(-32602);
    expect((failure as McpError).message).toContain(words);
    expect((failure as McpError).message).not.toContain("\n");
  });

  it("a failing caller hook is the server's problem: one generic line to the model, the error to onError", async () => {
    const errors: unknown[] = [];
    const client = await connect(createTestDocsSearch(fake.service), {
      caller: () => {
        throw new Error("token exchange failed at /srv/app/exchange.ts");
      },
      onError: (error) => void errors.push(error),
    });
    const result = await client.callTool({ name: "search_docs", arguments: { query: "vpn" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "search_docs could not run because of a server error; try again later.",
    );
    expect(String(errors[0])).toContain("token exchange failed");
    expect(fake.service.requests).toHaveLength(0);
  });

  it("a malformed caller from the hook is not blamed on the model either", async () => {
    const errors: unknown[] = [];
    const client = await connect(createTestDocsSearch(fake.service), {
      caller: () => ({ token: "" }),
      onError: (error) => void errors.push(error),
    });
    const result = await client.callTool({ name: "search_docs", arguments: { query: "vpn" } });
    expect(textOf(result)).toContain("server error");
    expect(String(errors[0])).toContain("caller.token");
  });

  it("a client's cancellation reaches core: the upstream wait stops", async () => {
    const traces: Trace[] = [];
    const docs = createTestDocsSearch(fake.service, {
      onTrace: (trace) => void traces.push(trace),
    });
    const client = await connect(docs);
    fake.service.setLatency(() => 2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user left")), 100);
    const started = Date.now();
    try {
      await expect(
        client.callTool({ name: "search_docs", arguments: { query: "vpn" } }, undefined, {
          signal: controller.signal,
        }),
      ).rejects.toThrow();
    } finally {
      fake.service.setLatency(undefined);
    }
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect.poll(() => traces.map((trace) => trace.status)).toEqual(["aborted"]);
  });
});

describe("a fixed caller", () => {
  it("without usable credentials is refused when the server is built, naming the fix", () => {
    const docs = createTestDocsSearch(fake.service);
    expect(() => createDocsMcpServer(docs, { caller: { token: "" } })).toThrow(
      /needs the end user's credentials.*createDocsMcpServer/,
    );
    expect(() => createDocsMcpServer(docs, { caller: { token: "a\nb" } })).toThrow(
      "search_docs: caller.token must be a non-empty string on one line.",
    );
  });
});
