import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  type ToolMessage,
} from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { InvalidInputError, type Trace } from "@search-docs/core";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { createAgent } from "langchain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";
import { docsContextSchema } from "./docs-tool-caller.js";
import { createSearchDocsTool, type DocsToolArtifact } from "./search-docs-tool.js";
import { SearchDocsToolkit } from "./search-docs-toolkit.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());
afterEach(() => {
  service.clearFaults();
  service.clearRequests();
});

const everyone = () => ({ token: service.tokens.everything });

/** One createAgent run: the model calls search_docs with `args`, then answers. */
async function askOnce(
  tools: ReturnType<typeof createDocsTools>,
  args: Record<string, unknown>,
  config: Record<string, unknown> = {},
) {
  const model = fakeModel()
    .respondWithTools([{ name: "search_docs", args }])
    .respond(new AIMessage("done"));
  // Typed loosely: some tests send deliberately wrong context.
  const agent = (
    "context" in config
      ? createAgent({ model, tools, contextSchema: docsContextSchema })
      : createAgent({ model, tools })
  ) as { invoke: (input: unknown, config: unknown) => Promise<{ messages: BaseMessage[] }> };
  const result = await agent.invoke(
    { messages: [new HumanMessage("How do I rotate a service account key?")] },
    config,
  );
  const message = result.messages.find((each) => each.getType() === "tool") as ToolMessage;
  return { model, message, seen: model.calls[1]?.messages.at(-1) as ToolMessage | undefined };
}

describe("search_docs through createAgent", () => {
  it("content is exactly the contract JSON; the artifact holds trace id, trace and portal URLs", async () => {
    const docs = createTestDocsSearch(service);
    const { message, seen } = await askOnce(createDocsTools(docs, { caller: everyone() }), {
      query: "rotate a service account key",
    });
    expect(message.status).toBe("success");
    const content = JSON.parse(message.content as string);
    expect(Object.keys(content)).toEqual(["results", "more_matches_exist", "status"]);
    expect(content.status).toBe("ok");
    const artifact = message.artifact as DocsToolArtifact;
    expect(artifact.trace.traceId).toBe(artifact.traceId);
    expect(artifact.trace.status).toBe("ok");
    const firstRef = content.results[0].ref;
    expect(artifact.urls[firstRef]).toBe(`https://docs.example.com/${firstRef}`);
    expect(seen?.content).toBe(message.content);
  });

  it("reads the caller per request from the agent's context", async () => {
    const docs = createTestDocsSearch(service);
    const caller = { token: service.tokens.runbooksOnly };
    const { message } = await askOnce(
      createDocsTools(docs),
      { query: "data retention" },
      {
        context: { caller },
      },
    );
    const content = JSON.parse(message.content as string);
    expect(content.results.every((hit: { area: string }) => hit.area === "runbooks")).toBe(true);
    expect(service.requests.every((request) => request.token === caller.token)).toBe(true);
  });

  it("reads the caller from configurable.caller when invoked as a plain runnable", async () => {
    const docs = createTestDocsSearch(service);
    const [search] = createDocsTools(docs);
    // Invoked with bare arguments rather than a tool call, a tool returns its content alone.
    const content = await search.invoke({ query: "vpn" }, { configurable: { caller: everyone() } });
    expect(JSON.parse(content as unknown as string).status).toBe("ok");
  });

  it("without a caller: invoking throws the sentence naming the fix; nothing is sent", async () => {
    const docs = createTestDocsSearch(service);
    const [search] = createDocsTools(docs);
    const failure = await search.invoke({ query: "vpn" }).catch((error: unknown) => error);
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect(String(failure)).toContain("createDocsTools(docs, { caller })");
    // With docsContextSchema, createAgent itself refuses a run without context.caller.
    await expect(askOnce(createDocsTools(docs), { query: "vpn" }, { context: {} })).rejects.toThrow(
      /caller/,
    );
    // Without it, LangChain's ToolNode turns every tool error into a ToolMessage for the model.
    const { message } = await askOnce(createDocsTools(docs), { query: "vpn" });
    expect(message.status).toBe("error");
    expect(message.content).toContain("{ context: { caller } }");
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ["a missing query", { area: "runbooks" }, '"query" is required'],
    ["an area outside the enum", { query: "vpn", area: "hr" }, "area"],
    ["a query of the wrong type", { query: 42 }, '"query" must be a string'],
    ["a 50,000-character query", { query: "x".repeat(50_000) }, "at most 1000 characters"],
  ])(
    "tells the model about %s as a tool error, with no upstream request",
    async (_, args, words) => {
      const docs = createTestDocsSearch(service);
      const { message, seen } = await askOnce(createDocsTools(docs, { caller: everyone() }), args);
      expect(message.status).toBe("error");
      expect(seen?.content).toContain(words);
      // One line from core: no stack trace, no echo of the arguments.
      expect(String(seen?.content).length).toBeLessThan(300);
      expect(String(seen?.content)).not.toMatch(/node_modules|\n\s+at /);
      expect(service.requests).toHaveLength(0);
    },
  );

  it("passes config.signal to core: an abort mid-search rejects and stops waiting", async () => {
    const traces: Trace[] = [];
    const docs = createTestDocsSearch(service, { onTrace: (trace) => void traces.push(trace) });
    service.setLatency(() => 2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user left")), 100);
    const started = Date.now();
    try {
      await expect(
        askOnce(
          createDocsTools(docs, { caller: everyone() }),
          { query: "vpn" },
          {
            signal: controller.signal,
          },
        ),
      ).rejects.toThrow("user left");
    } finally {
      service.setLatency(undefined);
    }
    expect(Date.now() - started).toBeLessThan(1_500);
    // Core saw the abort itself: its trace ends "aborted", not after the 2 s upstream wait.
    await expect.poll(() => traces.map((trace) => trace.status)).toEqual(["aborted"]);
  });

  it("strict: every argument required, area nullable; null searches everywhere", async () => {
    const docs = createTestDocsSearch(service);
    const tools = createDocsTools(docs, { caller: everyone(), strict: true });
    expect(convertToOpenAITool(tools[0], { strict: true }).function).toMatchObject({
      strict: true,
      parameters: {
        required: ["query", "area"],
        additionalProperties: false,
        properties: { area: { type: ["string", "null"], enum: [...docs.areaNames, null] } },
      },
    });
    const { message } = await askOnce(tools, { query: "rotate a service account key", area: null });
    expect(JSON.parse(message.content as string).status).toBe("ok");
    const searched = new Set(service.requests.map((request) => request.collectionId));
    expect(searched.size).toBe(Object.values(service.areas).flat().length);
  });

  it("sends a lean schema: no $schema, no length keywords, area optional", () => {
    const docs = createTestDocsSearch(service);
    expect(convertToOpenAITool(createSearchDocsTool(docs))).toEqual({
      type: "function",
      function: {
        name: "search_docs",
        description: docs.descriptions.search_docs,
        parameters: {
          type: "object",
          properties: {
            query: { type: "string", description: docs.descriptions.query },
            area: {
              type: "string",
              enum: [...docs.areaNames],
              description: docs.descriptions.area,
            },
          },
          required: ["query"],
        },
      },
    });
  });

  it("adds prefer with the core's opt-in recency", async () => {
    const docs = createTestDocsSearch(service, { recency: true });
    const tools = createDocsTools(docs, { caller: everyone() });
    expect(convertToOpenAITool(tools[0]).function.parameters).toHaveProperty("properties.prefer", {
      type: "string",
      enum: ["relevance", "recent"],
      description: docs.descriptions.prefer,
    });
    const { message } = await askOnce(tools, { query: "deploy freeze", prefer: "recent" });
    expect(message.status).toBe("success");
  });

  it("SearchDocsToolkit gives both tools through getTools()", () => {
    const docs = createTestDocsSearch(service);
    const toolkit = new SearchDocsToolkit(docs, { caller: everyone() });
    expect(toolkit.getTools().map((tool) => tool.name)).toEqual(["search_docs", "get_document"]);
  });
});
