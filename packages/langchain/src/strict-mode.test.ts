import { HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { createAgent } from "langchain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

/** OpenAI's chat completions answer: first a search_docs call with area null, then text. */
function openAiReplies() {
  const bodies: { tools?: unknown[] }[] = [];
  const replies = [
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: {
            name: "search_docs",
            arguments: JSON.stringify({ query: "rotate a service account key", area: null }),
          },
        },
      ],
    },
    { role: "assistant", content: "Rotate it with nwctl." },
  ];
  const fetch = async (_url: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const message = replies[bodies.length - 1];
    return Response.json({
      id: `chatcmpl-${bodies.length}`,
      object: "chat.completion",
      created: 0,
      model: "gpt-4o-mini",
      choices: [{ index: 0, message, finish_reason: message?.tool_calls ? "tool_calls" : "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  };
  return { bodies, fetch };
}

it("strict with ChatOpenAI in createAgent: strict schema on the wire, null area searches everything", async () => {
  const docs = createTestDocsSearch(service);
  const openAi = openAiReplies();
  // Strict is two switches: the tools' schema (strict: true) and the model's (supportsStrictToolCalling).
  const model = new ChatOpenAI({
    model: "gpt-4o-mini",
    apiKey: "test",
    maxRetries: 0,
    supportsStrictToolCalling: true,
    configuration: { fetch: openAi.fetch },
  });
  const tools = createDocsTools(docs, {
    caller: { token: service.tokens.everything },
    strict: true,
  });
  const agent = createAgent({ model, tools });
  const { messages } = await agent.invoke({
    messages: [new HumanMessage("How do I rotate a key?")],
  });

  expect(openAi.bodies[0]?.tools?.[0]).toEqual({
    type: "function",
    function: {
      name: "search_docs",
      description: docs.descriptions.search_docs,
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", description: docs.descriptions.query },
          area: {
            type: ["string", "null"],
            enum: [...docs.areaNames, null],
            description: docs.descriptions.area,
          },
        },
        required: ["query", "area"],
        additionalProperties: false,
      },
      strict: true,
    },
  });
  const toolMessage = messages.find((message) => message.getType() === "tool") as ToolMessage;
  expect(JSON.parse(toolMessage.content as string).status).toBe("ok");
  const searched = new Set(service.requests.map((request) => request.collectionId));
  expect(searched.size).toBe(Object.values(service.areas).flat().length);
  expect(messages.at(-1)?.text).toBe("Rotate it with nwctl.");
});
