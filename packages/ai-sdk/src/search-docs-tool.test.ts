import { InvalidInputError, type Trace } from "@search-docs/core";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { generateText, isStepCount, type ToolSet } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scriptedModel, toolResultsIn } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";
import { searchDocsTool } from "./search-docs-tool.js";

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

async function askOnce(tools: ToolSet, input: unknown, extra = {}) {
  const model = scriptedModel([
    { toolCalls: [{ toolName: "search_docs", input }] },
    { text: "done" },
  ]);
  const result = await generateText({
    model,
    tools,
    prompt: "How do I rotate a service account key?",
    stopWhen: isStepCount(3),
    ...extra,
  });
  return { model, result, seen: toolResultsIn(model.doGenerateCalls[1])[0] };
}

describe("search_docs through generateText", () => {
  it("hands the model exactly the contract JSON and the app the trace id and portal URLs", async () => {
    const docs = createTestDocsSearch(service);
    const { result, seen } = await askOnce(docsTools(docs, { caller: everyone() }), {
      query: "rotate a service account key",
    });
    const toolResult = result.steps[0]?.toolResults[0];
    expect(toolResult?.toolName).toBe("search_docs");
    const output = toolResult?.output as {
      result: { status: string; results: { ref: string }[] };
      traceId: string;
      urls: Record<string, string>;
    };
    expect(output.result.status).toBe("ok");
    expect(output.traceId).toMatch(/\S/);
    const firstRef = output.result.results[0]?.ref as string;
    expect(output.urls[firstRef]).toBe(`https://docs.example.com/${firstRef}`);
    expect(seen?.output).toEqual({ type: "text", value: JSON.stringify(output.result) });
    expect(
      Object.keys(JSON.parse((seen?.output as { value: string } | undefined)?.value ?? "{}")),
    ).toEqual(["results", "more_matches_exist", "status"]);
  });

  it("reads the caller per request from toolsContext", async () => {
    const docs = createTestDocsSearch(service);
    const caller = { token: service.tokens.runbooksOnly };
    const { result } = await askOnce(
      docsTools(docs),
      { query: "data retention" },
      {
        toolsContext: { search_docs: { caller }, get_document: { caller } },
      },
    );
    const output = result.steps[0]?.toolResults[0]?.output as {
      result: { results: { area: string }[] };
    };
    expect(output.result.results.every((hit) => hit.area === "runbooks")).toBe(true);
    expect(service.requests.every((request) => request.token === caller.token)).toBe(true);
  });

  it("throws out of generateText, naming the fix, when no caller is given; nothing is sent", async () => {
    const docs = createTestDocsSearch(service);
    await expect(askOnce(docsTools(docs), { query: "vpn" })).rejects.toThrow(
      /toolsContext: \{ search_docs: \{ caller: \{ token \} \} \}/,
    );
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ["a missing query", { area: "runbooks" }, '"query" is required'],
    ["an area outside the enum", { query: "vpn", area: "hr" }, '"area" must be one of'],
    ["a query of the wrong type", { query: 42 }, '"query" must be a string'],
    ["a 50,000-character query", { query: "x".repeat(50_000) }, "at most 1000 characters"],
  ])(
    "tells the model about %s in core's words, with no upstream request",
    async (_, input, words) => {
      const docs = createTestDocsSearch(service);
      const { result, seen } = await askOnce(docsTools(docs, { caller: everyone() }), input);
      const error = result.steps[0]?.content.find((part) => part.type === "tool-error");
      expect(InvalidInputError.isInstance(error?.error)).toBe(true);
      expect(seen?.output.type).toBe("error-text");
      const text = (seen?.output as { value: string } | undefined)?.value ?? "";
      expect(text).toContain(words);
      // Core's sentence, not an echo of the input: the 50,000 characters do not go back.
      expect(text.length).toBeLessThan(200);
      expect(service.requests).toHaveLength(0);
    },
  );

  it("passes the AbortSignal to core: an abort mid-search rejects and stops the requests", async () => {
    const traces: Trace[] = [];
    const docs = createTestDocsSearch(service, { onTrace: (trace) => void traces.push(trace) });
    service.setLatency(() => 2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user left")), 100);
    const started = Date.now();
    try {
      await expect(
        askOnce(
          docsTools(docs, { caller: everyone() }),
          { query: "vpn" },
          {
            abortSignal: controller.signal,
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

  it("strict: sends strict, every argument required and area nullable; null searches everywhere", async () => {
    const docs = createTestDocsSearch(service);
    const { model, result } = await askOnce(docsTools(docs, { caller: everyone(), strict: true }), {
      query: "rotate a service account key",
      area: null,
    });
    const sent = model.doGenerateCalls[0]?.tools?.find((tool) => tool.name === "search_docs");
    expect(sent).toMatchObject({
      strict: true,
      inputSchema: {
        required: ["query", "area"],
        additionalProperties: false,
        properties: { area: { type: ["string", "null"], enum: [...docs.areaNames, null] } },
      },
    });
    const output = result.steps[0]?.toolResults[0]?.output as { result: { status: string } };
    expect(output.result.status).toBe("ok");
    const searched = new Set(service.requests.map((request) => request.collectionId));
    expect(searched.size).toBe(Object.values(service.areas).flat().length);
  });

  it("sends a lean schema: no $schema, no length keywords, area optional", async () => {
    const docs = createTestDocsSearch(service);
    const { model } = await askOnce(docsTools(docs, { caller: everyone() }), { query: "vpn" });
    const sent = model.doGenerateCalls[0]?.tools?.find((tool) => tool.name === "search_docs");
    expect(sent).toEqual({
      type: "function",
      name: "search_docs",
      description: docs.descriptions.search_docs,
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: docs.descriptions.query },
          area: { type: "string", enum: [...docs.areaNames], description: docs.descriptions.area },
        },
        required: ["query"],
      },
    });
  });

  it("adds prefer with the core's opt-in recency", async () => {
    const docs = createTestDocsSearch(service, { recency: true });
    const { model, result } = await askOnce(docsTools(docs, { caller: everyone() }), {
      query: "deploy freeze",
      prefer: "recent",
    });
    const sent = model.doGenerateCalls[0]?.tools?.find((tool) => tool.name === "search_docs");
    expect((sent as { inputSchema: { properties: object } }).inputSchema.properties).toHaveProperty(
      "prefer",
      { type: "string", enum: ["relevance", "recent"], description: docs.descriptions.prefer },
    );
    expect(result.steps[0]?.toolResults).toHaveLength(1);
  });

  it("searchDocsTool alone is the same tool", async () => {
    const docs = createTestDocsSearch(service);
    const tool = searchDocsTool(docs, { caller: everyone() });
    expect(tool.description).toBe(docs.descriptions.search_docs);
    expect(tool.contextSchema).toBeUndefined();
    expect(searchDocsTool(docs).contextSchema).toBeDefined();
  });
});
