import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { providerLeaks, toolDefinitionProblems, toolResultsSent } from "@search-docs/test-servers";
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

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

async function definitions(setup: (typeof wireSetups)[number], strict = false) {
  const docs = createTestDocsSearch(fake.service);
  const tools = createDocsTools(docs, { caller: { token: "unused" }, strict });
  return toolDefinitionsOnTheWire(tools, setup, { strict });
}

describe.each(wireSetups)("LangChain on the %s wire", (setup) => {
  const format = formatOf(setup);

  it("tool definitions hold the budget: search_docs <= 100, get_document <= 70 (o200k)", async () => {
    const sent = await definitions(setup);
    expect(countTokens(sent.search_docs)).toBeLessThanOrEqual(100);
    expect(countTokens(sent.get_document)).toBeLessThanOrEqual(70);
    expect(toolDefinitionProblems(format, sent)).toEqual([]);
    if (format === "openai-responses") {
      // OpenAI reads a Responses tool without strict as strict, which this schema is not.
      expect(sent.search_docs?.strict).toBe(
        setup === "openai-responses" ? false : null, // unset: LangChain sends null
      );
    }
  });

  it("a tool call's result reaches the provider as exactly the contract JSON", async () => {
    const docs = createTestDocsSearch(fake.service);
    const { model, provider } = providerModel(setup, [
      { tool: "search_docs", arguments: { query: "rotate a service account key" } },
      { tool: "search_docs", arguments: { query: 42 } },
      { text: "Rotate it with nwctl." },
    ]);
    const agent = createAgent({
      model,
      tools: createDocsTools(docs, { caller: { token: fake.service.tokens.everything } }),
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
    const traceId = (first.artifact as DocsToolArtifact).traceId;
    expect(
      providerLeaks(provider.requests, { service: fake.service, traceIds: [traceId] }),
    ).toEqual([]);
    expect(messages.at(-1)?.text).toBe("Rotate it with nwctl.");
  });
});

const strictSetups = wireSetups.filter((setup) => !setup.includes("unset"));

describe.each(strictSetups)("LangChain strict on the %s wire", (setup) => {
  const format = formatOf(setup);

  it("the definitions say so, area required and nullable; area null searches everything", async () => {
    const sent = await definitions(setup, true);
    expect(toolDefinitionProblems(format, sent, { strict: true })).toEqual([]);
    const docs = createTestDocsSearch(fake.service);
    fake.service.clearRequests();
    const { model, provider } = providerModel(
      setup,
      [
        {
          tool: "search_docs",
          arguments: { query: "rotate a service account key", area: null },
        },
        { text: "done" },
      ],
      { strict: true },
    );
    const tools = createDocsTools(docs, {
      caller: { token: fake.service.tokens.everything },
      strict: true,
    });
    await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("Rotate?")] });
    const [result] = toolResultsSent(format, provider.requests[1]);
    expect(JSON.parse(result?.text ?? "{}").status).toBe("ok");
    const searched = new Set(fake.service.requests.map((request) => request.collectionId));
    expect(searched.size).toBe(Object.values(fake.service.areas).flat().length);
  });
});
