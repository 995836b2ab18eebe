import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createDocsSearch } from "@search-docs/core";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
  toolResultsSent,
} from "@search-docs/core/testing";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countTokens,
  formatOf,
  providerModel,
  toolDefinitionsOnTheWire,
  wireSetups,
} from "./__fixtures__/provider-wire.js";
import { createDocsTools } from "./create-docs-tools.js";
import type { DocsToolArtifact } from "./docs-structured-tool.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

// The four default areas; the definitions are re-sent on every turn of every request.
const areas = {
  runbooks: ["runbooks-id"],
  policies: ["policies-id"],
  "api-reference": ["api-reference-id"],
  onboarding: ["onboarding-id"],
};

async function definitions(setup: (typeof wireSetups)[number], strict = false) {
  const docs = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas });
  const tools = createDocsTools(docs, { caller: { token: "unused" }, strict });
  return toolDefinitionsOnTheWire(tools, setup, { strict });
}

describe.each(wireSetups)("LangChain on the %s wire", (setup) => {
  const format = formatOf(setup);

  it("tool definitions hold the budget: search_docs <= 100, get_document <= 70 (o200k)", async () => {
    const sent = await definitions(setup);
    expect(Object.keys(sent)).toEqual(["search_docs", "get_document"]);
    expect(countTokens(sent.search_docs)).toBeLessThanOrEqual(100);
    expect(countTokens(sent.get_document)).toBeLessThanOrEqual(70);
    const text = JSON.stringify(sent);
    for (const keyword of ["$schema", "minLength", "maxLength", "default"]) {
      expect(text).not.toContain(keyword);
    }
    if (format === "openai-responses") {
      // OpenAI reads a Responses tool without strict as strict, which this schema is not.
      expect(sent.search_docs?.strict).toBe(
        setup === "openai-responses" ? false : null, // unset: LangChain sends null
      );
    }
  });

  it("a tool call's result reaches the provider as exactly the contract JSON", async () => {
    const docs = createTestDocsSearch(service);
    const { model, provider } = providerModel(setup, [
      { tool: "search_docs", arguments: { query: "rotate a service account key" } },
      { tool: "search_docs", arguments: { query: 42 } },
      { text: "Rotate it with nwctl." },
    ]);
    const agent = createAgent({
      model,
      tools: createDocsTools(docs, { caller: { token: service.tokens.everything } }),
    });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("Rotate a key?")] });
    const first = messages.find((message) => ToolMessage.isInstance(message)) as ToolMessage;
    const [ok, bad] = toolResultsSent(format, provider.requests[2]);
    expect(ok).toEqual({ text: first.content, isError: false });
    // Core's line, as the ToolMessage holds it (ChatAnthropic sends no is_error for status "error").
    expect(bad).toEqual({
      text: 'InvalidInputError: Invalid search_docs input: "query" must be a string.',
      isError: false,
    });
    // Nothing beside the contract travels to the provider: no trace id, URL, collection id or token.
    const wire = JSON.stringify(provider.requests);
    expect(wire).not.toContain((first.artifact as DocsToolArtifact).traceId);
    expect(wire).not.toContain("https://docs.example.com");
    for (const id of Object.values(service.areas).flat()) expect(wire).not.toContain(id);
    expect(wire).not.toContain(service.tokens.everything);
    expect(messages.at(-1)?.text).toBe("Rotate it with nwctl.");
  });
});

const strictSetups = wireSetups.filter((setup) => !setup.includes("unset"));

describe.each(strictSetups)("LangChain strict on the %s wire", (setup) => {
  const format = formatOf(setup);

  it("the definitions say so, area required and nullable; area null searches everything", async () => {
    const sent = await definitions(setup, true);
    const search = (format === "openai-chat" ? sent.search_docs?.function : sent.search_docs) as {
      strict?: boolean;
      parameters?: unknown;
      input_schema?: unknown;
    };
    expect(search.strict).toBe(true);
    expect(search.parameters ?? search.input_schema).toMatchObject({
      required: ["query", "area"],
      additionalProperties: false,
      properties: { area: { type: ["string", "null"] } },
    });
    const docs = createTestDocsSearch(service);
    service.clearRequests();
    const { model, provider } = providerModel(
      setup,
      [
        { tool: "search_docs", arguments: { query: "rotate a service account key", area: null } },
        { text: "done" },
      ],
      { strict: true },
    );
    const tools = createDocsTools(docs, {
      caller: { token: service.tokens.everything },
      strict: true,
    });
    await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("Rotate?")] });
    const [result] = toolResultsSent(format, provider.requests[1]);
    expect(JSON.parse(result?.text ?? "{}").status).toBe("ok");
    const searched = new Set(service.requests.map((request) => request.collectionId));
    expect(searched.size).toBe(Object.values(service.areas).flat().length);
  });
});
