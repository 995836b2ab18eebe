import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { docsTools } from "@search-docs/ai-sdk";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { generateText, isStepCount, jsonSchema, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiChatReplies } from "../__fixtures__/openai-chat-replies.js";
import { serveDocsMcp } from "../__fixtures__/serve-docs-mcp.js";
import { mcpTokens } from "../__fixtures__/test-verifier.js";

// The AI SDK's MCP client against our HTTP server, beside @search-docs/ai-sdk on the same docs:
// what each hands the model for the same call.
let service: FakeDocsService;
let served: Awaited<ReturnType<typeof serveDocsMcp>>;
let mcp: MCPClient;
const docs = () => createTestDocsSearch(service);
let sharedDocs: ReturnType<typeof docs>;

beforeAll(async () => {
  service = await startFakeDocsService();
  sharedDocs = docs();
  served = await serveDocsMcp(sharedDocs, service);
  mcp = await createMCPClient({
    transport: {
      type: "http",
      url: served.endpoint,
      headers: { Authorization: `Bearer ${mcpTokens.bob}` },
    },
  });
});
afterAll(async () => {
  await mcp.close();
  await served.close();
  await service.close();
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A mock model that calls `toolName` with `input`, then answers; it keeps every prompt. */
function callingModel(toolName: string, input: unknown) {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [
          { type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: "done" }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
}

function toolResultOf(call: LanguageModelV4CallOptions | undefined) {
  for (const message of call?.prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) if (part.type === "tool-result") return part.output;
  }
  return undefined;
}

async function modelSees(tools: ToolSet, toolName: string, input: unknown) {
  const model = callingModel(toolName, input);
  await generateText({ model, tools, prompt: "How do I rotate a key?", stopWhen: isStepCount(3) });
  return { model, output: toolResultOf(model.doGenerateCalls[1]) };
}

const bob = () => ({ token: service.tokens.everything });

describe("the AI SDK's MCP client (@ai-sdk/mcp) on our server", () => {
  it.each([
    ["search_docs", { query: "rotate a service account key" }],
    ["search_docs", { query: "deploy freeze", area: "policies" }],
    ["get_document", { ref: "runbooks/key-rotation#2" }],
    ["get_document", { ref: "runbooks/no-such-runbook#1" }],
  ])("%s %j: the model reads the same text as from @search-docs/ai-sdk", async (tool, input) => {
    // The ref must have been issued before either reads it.
    await sharedDocs.search({ query: "rotate a service account key" }, { caller: bob() });
    const adapter = await modelSees(docsTools(sharedDocs, { caller: bob() }), tool, input);
    const overMcp = await modelSees(await mcp.tools(), tool, input);
    expect(adapter.output?.type).toBe("text");
    const text = (adapter.output as { value: string }).value;
    // The client wraps the MCP text content as one content part; its text is the same bytes.
    expect(overMcp.output).toEqual({ type: "content", value: [{ type: "text", text }] });
  });

  it("the definitions the model is sent are ours, plus the additionalProperties: false the client adds", async () => {
    const adapter = await modelSees(docsTools(sharedDocs, { caller: bob() }), "search_docs", {
      query: "vpn",
    });
    const overMcp = await modelSees(await mcp.tools(), "search_docs", { query: "vpn" });
    const sent = (model: MockLanguageModelV4) =>
      (model.doGenerateCalls[0]?.tools ?? []).map((tool) =>
        tool.type === "function" ? [tool.name, tool.description, tool.inputSchema] : [],
      );
    const expected = sent(adapter.model).map(([name, description, schema]) => [
      name,
      description,
      { ...(schema as object), additionalProperties: false },
    ]);
    expect(sent(overMcp.model)).toEqual(expected);
  });

  it("bad input reaches the model as the adapter's error line (the client does not mark it as an error)", async () => {
    const input = { query: "x".repeat(50_000) };
    const adapter = await modelSees(docsTools(sharedDocs, { caller: bob() }), "search_docs", input);
    const { output } = await modelSees(await mcp.tools(), "search_docs", input);
    expect(adapter.output).toEqual({
      type: "error-text",
      value:
        'InvalidInputError: Invalid search_docs input: "query" must be at most 1000 characters.',
    });
    const line = (adapter.output as { value: string }).value;
    expect(output).toEqual({ type: "content", value: [{ type: "text", text: line }] });
  });

  it("on the OpenAI wire: with the outputSchema from tools/list the bytes are the adapter's exactly", async () => {
    const { tools: definitions } = await mcp.listTools();
    const schemas = Object.fromEntries(
      definitions.map((definition) => [
        definition.name,
        {
          inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
          outputSchema: jsonSchema(definition.outputSchema as Parameters<typeof jsonSchema>[0]),
        },
      ]),
    );
    const call = { name: "search_docs", arguments: { query: "rotate a service account key" } };
    const wire = async (tools: ToolSet) => {
      const openAi = openAiChatReplies(call);
      const model = createOpenAI({ apiKey: "test", fetch: openAi.fetch }).chat("gpt-4o-mini");
      await generateText({
        model,
        tools,
        prompt: "How do I rotate a key?",
        stopWhen: isStepCount(3),
      });
      return { content: openAi.toolMessageContent(), tools: openAi.bodies[0]?.tools };
    };
    const adapter = await wire(docsTools(sharedDocs, { caller: bob() }));
    const typed = await wire(await mcp.tools({ schemas }));
    expect(typed.content).toBe(adapter.content);
    expect(typed.tools).toEqual(adapter.tools);
    expect(JSON.parse(adapter.content as string).status).toBe("ok");
    // Without schemas the client sends the part list, which OpenAI chat gets as JSON.
    const automatic = await wire(await mcp.tools());
    expect(automatic.content).toBe(JSON.stringify([{ type: "text", text: adapter.content }]));
  });
});
