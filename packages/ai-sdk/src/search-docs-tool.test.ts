import {
  abortMidCall,
  createTestDocsSearch,
  fakeDocsServiceFixture,
} from "@search-docs/core/testing";
import { generateText, isStepCount, type ToolSet } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scriptedModel, toolResultsIn } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";
import { type SearchDocsToolOutput, searchDocsTool } from "./search-docs-tool.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const everyone = () => ({ token: fake.service.tokens.everything });

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
  it("hands the model the contract JSON and the app the trace id, core's URLs and unauthorized", async () => {
    const docs = createTestDocsSearch(fake.service);
    const { result, seen } = await askOnce(docsTools(docs, { caller: everyone() }), {
      query: "rotate a service account key",
    });
    const output = result.steps[0]?.toolResults[0]?.output as SearchDocsToolOutput;
    expect(Object.keys(output)).toEqual(["result", "traceId", "urls", "unauthorized"]);
    expect(output.result.status).toBe("ok");
    expect(output.unauthorized).toBe(false);
    const firstRef = output.result.results[0]?.ref as string;
    expect(output.urls[firstRef]).toBe(`https://docs.example.com/${firstRef}`);
    // toModelOutput sends the contract and nothing else: no trace id, no URL.
    expect(seen?.output).toEqual({ type: "text", value: JSON.stringify(output.result) });
    expect(JSON.stringify(seen?.output)).not.toContain(output.traceId);
    expect(JSON.stringify(seen?.output)).not.toContain("https://docs.example.com");
  });

  it("passes the AbortSignal to core: an abort mid-search rejects and stops the requests", async () => {
    const aborted = await abortMidCall(fake.service, (docs, signal) =>
      askOnce(docsTools(docs, { caller: everyone() }), { query: "vpn" }, { abortSignal: signal }),
    );
    expect(String(aborted.rejection)).toContain("user left");
    expect(aborted.elapsedMs).toBeLessThan(1_500);
    // Core saw the abort itself: its trace ends "aborted", not after the 2 s upstream wait.
    await expect.poll(aborted.traceStatuses).toEqual(["aborted"]);
  });

  it("strict: sends strict, every argument required and area nullable", async () => {
    const docs = createTestDocsSearch(fake.service);
    const { model } = await askOnce(docsTools(docs, { caller: everyone(), strict: true }), {
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
  });

  it("adds prefer with the core's opt-in recency, and core reads it", async () => {
    const docs = createTestDocsSearch(fake.service, { recency: true });
    const tools = docsTools(docs, { caller: everyone() });
    const { model, result } = await askOnce(tools, { query: "deploy freeze", prefer: "recent" });
    const sent = model.doGenerateCalls[0]?.tools?.find((tool) => tool.name === "search_docs");
    expect((sent as { inputSchema: { properties: object } }).inputSchema.properties).toHaveProperty(
      "prefer",
      { type: "string", enum: ["relevance", "recent"], description: docs.descriptions.prefer },
    );
    expect(result.steps[0]?.toolResults).toHaveLength(1);
    const bad = await askOnce(tools, { query: "deploy freeze", prefer: "newest" });
    expect(bad.seen?.output).toEqual({
      type: "error-text",
      value:
        'InvalidInputError: Invalid search_docs input: "prefer" must be one of "relevance", "recent".',
    });
  });

  it("searchDocsTool alone is the same tool", () => {
    const docs = createTestDocsSearch(fake.service);
    const tool = searchDocsTool(docs, { caller: everyone() });
    expect(tool.description).toBe(docs.descriptions.search_docs);
    expect(tool.contextSchema).toBeUndefined();
    expect(searchDocsTool(docs).contextSchema).toBeDefined();
  });
});
