import { createOpenAI } from "@ai-sdk/openai";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { generateText, isStepCount } from "ai";
import { afterAll, beforeAll, expect, it } from "vitest";
import { docsTools } from "./docs-tools.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

/** OpenAI's chat completions answer: first a search_docs call with area null, then text. */
function openAiReplies() {
  const bodies: { tools?: unknown[]; messages?: { role: string; content: unknown }[] }[] = [];
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

it("strict with @ai-sdk/openai: strict schema on the wire, null area searches everything", async () => {
  const docs = createTestDocsSearch(service);
  const openAi = openAiReplies();
  const model = createOpenAI({ apiKey: "test", fetch: openAi.fetch }).chat("gpt-4o-mini");
  const result = await generateText({
    model,
    tools: docsTools(docs, { caller: { token: service.tokens.everything }, strict: true }),
    prompt: "How do I rotate a key?",
    stopWhen: isStepCount(3),
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
  const output = result.steps[0]?.toolResults[0]?.output as { result: { status: string } };
  expect(output.result.status).toBe("ok");
  const searched = new Set(service.requests.map((request) => request.collectionId));
  expect(searched.size).toBe(Object.values(service.areas).flat().length);
  // The provider sends the tool result as the contract JSON text, unchanged.
  const toolMessage = openAi.bodies[1]?.messages?.find((message) => message.role === "tool");
  expect(toolMessage?.content).toBe(JSON.stringify(output.result));
  expect(result.text).toBe("Rotate it with nwctl.");
});
