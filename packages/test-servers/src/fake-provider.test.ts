import { describe, expect, it } from "vitest";
import {
  fakeProvider,
  providerLeaks,
  toolDefinitionProblems,
  toolDefinitionsSent,
  toolResultsSent,
} from "./fake-provider.js";

// A docs service's secrets as `providerLeaks` reads them (core's fake service has the same shape).
const service = {
  areas: { runbooks: ["col-runbooks"], policies: ["col-policies"] },
  tokens: { everything: "token-everything", noPolicies: "token-no-policies" },
};

describe("fakeProvider", () => {
  it("records each request and answers the next scripted turn, then a 500", async () => {
    const provider = fakeProvider("openai-chat", [
      { tool: "search_docs", arguments: { query: "vpn" } },
    ]);
    const first = await provider.fetch("https://api.example/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({
        model: "m",
        tools: [{ type: "function", function: { name: "search_docs" } }],
      }),
    });
    const body = await first.json();
    expect(body.choices[0].message.tool_calls[0].function).toEqual({
      name: "search_docs",
      arguments: '{"query":"vpn"}',
    });
    expect(Object.keys(toolDefinitionsSent("openai-chat", provider.requests[0]))).toEqual([
      "search_docs",
    ]);
    expect((await provider.fetch("https://api.example/v1", { body: "{}" })).status).toBe(500);
    expect(provider.requests).toHaveLength(2);
  });

  it("reads tool results as each format carries them", () => {
    const anthropic = {
      url: "",
      body: {
        messages: [
          {
            role: "user",
            content: [
              { type: "tool_result", content: [{ type: "text", text: "a" }], is_error: true },
            ],
          },
        ],
      },
    };
    expect(toolResultsSent("anthropic", anthropic)).toEqual([{ text: "a", isError: true }]);
    const responses = { url: "", body: { input: [{ type: "function_call_output", output: "b" }] } };
    expect(toolResultsSent("openai-responses", responses)).toEqual([{ text: "b", isError: false }]);
  });

  it("finds what must not reach a provider", () => {
    const token = service.tokens.noPolicies;
    const requests = [
      { url: "", body: { messages: [{ role: "tool", content: `x ${token} trace-1` }] } },
    ];
    expect(providerLeaks(requests, { service, traceIds: ["trace-1"] })).toEqual([
      "trace id trace-1",
      `token ${token}`,
    ]);
    const collection = [{ url: "", body: { input: "found col-policies" } }];
    expect(providerLeaks(collection, { service })).toEqual(["collection id col-policies"]);
    expect(providerLeaks([], { service })).toEqual([]);
  });
});

describe("toolDefinitionProblems", () => {
  const strictSearch = {
    name: "search_docs",
    strict: true,
    parameters: {
      type: "object",
      required: ["query", "area"],
      additionalProperties: false,
      properties: { query: { type: "string" }, area: { type: ["string", "null"] } },
    },
  };
  const read = { name: "get_document", parameters: { type: "object" } };

  it("is empty for the definitions every adapter promises", () => {
    const sent = { search_docs: strictSearch, get_document: read };
    expect(toolDefinitionProblems("openai-responses", sent, { strict: true })).toEqual([]);
    expect(
      toolDefinitionProblems(
        "openai-chat",
        {
          search_docs: { type: "function", function: strictSearch },
          get_document: { type: "function", function: read },
        },
        { strict: true },
      ),
    ).toEqual([]);
  });

  it("names each broken promise", () => {
    const loose = {
      name: "search_docs",
      parameters: { $schema: "x", required: ["query"], properties: { query: { minLength: 1 } } },
    };
    expect(toolDefinitionProblems("anthropic", { search_docs: loose }, { strict: true })).toEqual([
      "tools sent: search_docs",
      "the definitions hold $schema",
      "the definitions hold minLength",
      "search_docs strict: undefined",
      'search_docs required: ["query"]',
      "search_docs allows other keys",
      "search_docs area type: undefined",
    ]);
  });
});
