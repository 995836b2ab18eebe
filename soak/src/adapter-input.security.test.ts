import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { docsTools } from "@search-docs/ai-sdk";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { createDocsTools } from "@search-docs/langchain";
import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

// Bad model input through each adapter, driven by each framework's own runtime with a fake model:
// it must come back to the model as a short validation message naming the argument, and send
// nothing upstream.

// Each bad call, and the argument the message must name. A clear message names it, says what is
// wrong, stays short (it is re-sent on every later turn), and shows no stack trace or file path.
const badCalls: {
  name: string;
  tool: "search_docs" | "get_document";
  args: unknown;
  field: RegExp;
}[] = [
  { name: "missing query", tool: "search_docs", args: {}, field: /query/ },
  {
    name: "an area outside the enum",
    tool: "search_docs",
    args: { query: "rotate keys", area: "secrets" },
    field: /area/,
  },
  { name: "a number for the query", tool: "search_docs", args: { query: 42 }, field: /query/ },
  { name: "a blank query", tool: "search_docs", args: { query: "   " }, field: /query/ },
  {
    name: "a 50,000-character query",
    tool: "search_docs",
    args: { query: "rotate ".repeat(7143).slice(0, 50_000) },
    field: /query/,
  },
  {
    name: "a 50,000-character area",
    tool: "search_docs",
    args: { query: "rotate keys", area: "x".repeat(50_000) },
    field: /area/,
  },
  { name: "a number for the ref", tool: "get_document", args: { ref: 7 }, field: /ref/ },
  { name: "missing ref", tool: "get_document", args: {}, field: /ref/ },
];

function expectClearMessage(text: string, field: RegExp) {
  expect(text).toMatch(field);
  expect(text.length).toBeLessThan(500);
  expect(text).not.toMatch(/node_modules|\n\s+at /);
}

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());
beforeEach(() => service.clearRequests());

/** A model that calls one tool with `args`, then answers; it keeps every prompt it was sent. */
function callingModel(tool: string, args: unknown) {
  let turn = 0;
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  return new MockLanguageModelV4({
    doGenerate: async (): Promise<LanguageModelV4GenerateResult> =>
      turn++ === 0
        ? {
            content: [
              {
                type: "tool-call",
                toolCallId: "call-1",
                toolName: tool,
                input: JSON.stringify(args),
              },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          }
        : {
            content: [{ type: "text", text: "done" }],
            finishReason: { unified: "stop", raw: undefined },
            usage,
            warnings: [],
          },
  });
}

describe("bad model input through the AI SDK adapter (generateText)", () => {
  it.each(badCalls)(
    "$name: a tool error naming the argument, nothing sent",
    async ({ tool, args, field }) => {
      const model = callingModel(tool, args);
      const tools = docsTools(createTestDocsSearch(service), {
        caller: { token: service.tokens.everything },
      });
      await generateText({ model, tools, prompt: "help", stopWhen: isStepCount(3) });
      const seen = (model.doGenerateCalls[1]?.prompt ?? [])
        .flatMap((message) => (message.role === "tool" ? message.content : []))
        .find((part) => part.type === "tool-result");
      expect(seen?.type === "tool-result" && seen.output.type).toBe("error-text");
      const text =
        seen?.type === "tool-result" && seen.output.type === "error-text" ? seen.output.value : "";
      expectClearMessage(text, field);
      expect(service.requests).toHaveLength(0);
    },
  );
});

describe("bad model input through the LangChain adapter (createAgent)", () => {
  it.each(badCalls)(
    "$name: a tool message naming the argument, nothing sent",
    async ({ tool, args, field }) => {
      const model = fakeModel()
        .respondWithTools([{ name: tool, args: args as Record<string, unknown> }])
        .respond(new AIMessage("done"));
      const tools = createDocsTools(createTestDocsSearch(service), {
        caller: { token: service.tokens.everything },
      });
      const agent = createAgent({ model, tools });
      const result = await agent.invoke({ messages: [new HumanMessage("help")] });
      const message = result.messages.find((each) => each.getType() === "tool") as ToolMessage;
      const text = String(message.content);
      expect(message.status).toBe("error");
      expectClearMessage(text, field);
      // The model saw that message on its next turn.
      expect(model.calls[1]?.messages.at(-1)?.content).toBe(message.content);
      expect(service.requests).toHaveLength(0);
    },
  );
});
