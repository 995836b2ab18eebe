import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import {
  abortMidCall,
  createTestDocsSearch,
  fakeDocsServiceFixture,
} from "@search-docs/core/testing";
import { createAgent } from "langchain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";
import type { DocsToolArtifact } from "./docs-structured-tool.js";
import { createSearchDocsTool } from "./search-docs-tool.js";
import { SearchDocsToolkit } from "./search-docs-toolkit.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const everyone = () => ({ token: fake.service.tokens.everything });

/** One createAgent run: the model calls search_docs with `args`, then answers. */
async function askOnce(
  tools: ReturnType<typeof createDocsTools>,
  args: Record<string, unknown>,
  config: { signal?: AbortSignal } = {},
) {
  const model = fakeModel()
    .respondWithTools([{ name: "search_docs", args }])
    .respond(new AIMessage("done"));
  const result = await createAgent({ model, tools }).invoke(
    { messages: [new HumanMessage("How do I rotate a service account key?")] },
    config,
  );
  const message = result.messages.find((each) => ToolMessage.isInstance(each)) as ToolMessage;
  return { message, seen: model.calls[1]?.messages.at(-1) as ToolMessage | undefined };
}

describe("search_docs through createAgent", () => {
  it("content is the contract JSON; the artifact holds the trace and core's portal URLs", async () => {
    const docs = createTestDocsSearch(fake.service);
    const { message, seen } = await askOnce(createDocsTools(docs, { caller: everyone() }), {
      query: "rotate a service account key",
    });
    expect(message.status).toBe("success");
    const content = JSON.parse(message.content as string);
    expect(Object.keys(content)).toEqual(["results", "more_matches_exist", "status"]);
    const artifact = message.artifact as DocsToolArtifact;
    expect(artifact.trace.traceId).toBe(artifact.traceId);
    expect(artifact.trace.status).toBe("ok");
    expect(artifact.unauthorized).toBe(false);
    const firstRef = content.results[0].ref;
    expect(artifact.urls[firstRef]).toBe(`https://docs.example.com/${firstRef}`);
    // Nothing of the artifact reaches the model.
    expect(seen?.content).toBe(message.content);
    expect(String(seen?.content)).not.toContain(artifact.traceId);
    expect(String(seen?.content)).not.toContain("https://docs.example.com");
  });

  it("passes config.signal to core: an abort mid-search rejects and stops waiting", async () => {
    const aborted = await abortMidCall(fake.service, (docs, signal) =>
      askOnce(createDocsTools(docs, { caller: everyone() }), { query: "vpn" }, { signal }),
    );
    expect(String(aborted.rejection)).toContain("user left");
    expect(aborted.elapsedMs).toBeLessThan(1_500);
    // Core saw the abort itself: its trace ends "aborted", not after the 2 s upstream wait.
    await expect.poll(aborted.traceStatuses).toEqual(["aborted"]);
  });

  it("strict: every argument required, area nullable", () => {
    const docs = createTestDocsSearch(fake.service);
    const [search] = createDocsTools(docs, { caller: everyone(), strict: true });
    expect(convertToOpenAITool(search, { strict: true }).function).toMatchObject({
      strict: true,
      parameters: {
        required: ["query", "area"],
        additionalProperties: false,
        properties: { area: { type: ["string", "null"], enum: [...docs.areaNames, null] } },
      },
    });
  });

  it("sends a lean schema: no $schema, no length keywords, area optional", () => {
    const docs = createTestDocsSearch(fake.service);
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

  it("adds prefer with the core's opt-in recency, and core reads it", async () => {
    const docs = createTestDocsSearch(fake.service, { recency: true });
    const tools = createDocsTools(docs, { caller: everyone() });
    expect(convertToOpenAITool(tools[0]).function.parameters).toHaveProperty("properties.prefer", {
      type: "string",
      enum: ["relevance", "recent"],
      description: docs.descriptions.prefer,
    });
    const { message } = await askOnce(tools, { query: "deploy freeze", prefer: "recent" });
    expect(message.status).toBe("success");
    const bad = await askOnce(tools, { query: "deploy freeze", prefer: "newest" });
    expect(bad.seen?.content).toBe(
      'InvalidInputError: Invalid search_docs input: "prefer" must be one of "relevance", "recent".',
    );
  });

  it("SearchDocsToolkit gives both tools through getTools()", () => {
    const docs = createTestDocsSearch(fake.service);
    const toolkit = new SearchDocsToolkit(docs, { caller: everyone() });
    expect(toolkit.getTools().map((tool) => tool.name)).toEqual(["search_docs", "get_document"]);
  });

  it("invoked with bare arguments, a bad argument throws core's error to the caller", async () => {
    const docs = createTestDocsSearch(fake.service);
    const [search] = createDocsTools(docs, { caller: everyone() });
    await expect(search.invoke({ query: 42 } as never)).rejects.toThrow(
      'Invalid search_docs input: "query" must be a string.',
    );
    expect(fake.service.requests).toHaveLength(0);
  });

  it("invoked with bare arguments, an area set to undefined is an omitted area", async () => {
    const docs = createTestDocsSearch(fake.service);
    const [search] = createDocsTools(docs, { caller: everyone() });
    const content = await search.invoke({ query: "vpn", area: undefined });
    expect(JSON.parse(String(content)).status).toBe("ok");
  });
});
