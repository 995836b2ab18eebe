import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { providerLeaks, toolDefinitionProblems, toolResultsSent } from "@search-docs/test-servers";
import { generateText, isStepCount } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countTokens,
  providerModel,
  toolDefinitionsOnTheWire,
  wireFormats,
} from "./__fixtures__/provider-wire.js";
import { docsTools } from "./docs-tools.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

const budget = { search_docs: 100, get_document: 70 };

async function definitions(format: (typeof wireFormats)[number], strict = false) {
  const docs = createTestDocsSearch(fake.service);
  return toolDefinitionsOnTheWire(docsTools(docs, { caller: { token: "unused" }, strict }), format);
}

describe.each(wireFormats)("the AI SDK on the %s wire", (format) => {
  it("tool definitions hold the budget: search_docs <= 100, get_document <= 70 (o200k)", async () => {
    const sent = await definitions(format);
    expect(countTokens(sent.search_docs)).toBeLessThanOrEqual(budget.search_docs);
    expect(countTokens(sent.get_document)).toBeLessThanOrEqual(budget.get_document);
    expect(toolDefinitionProblems(format, sent)).toEqual([]);
  });

  it("a tool call's result reaches the provider as exactly the contract JSON", async () => {
    const docs = createTestDocsSearch(fake.service);
    const { model, provider } = providerModel(format, [
      { tool: "search_docs", arguments: { query: "rotate a service account key" } },
      { tool: "search_docs", arguments: { query: 42 } },
      { text: "Rotate it with nwctl." },
    ]);
    const result = await generateText({
      model,
      tools: docsTools(docs, { caller: { token: fake.service.tokens.everything } }),
      prompt: "How do I rotate a key?",
      stopWhen: isStepCount(4),
    });
    const output = result.steps[0]?.toolResults[0]?.output as { result: unknown; traceId: string };
    const [ok, bad] = toolResultsSent(format, provider.requests[2]);
    expect(ok).toEqual({ text: JSON.stringify(output.result), isError: false });
    // Core's line; @ai-sdk/openai wraps a tool error as {"error": …}, Anthropic flags it is_error.
    const line = 'InvalidInputError: Invalid search_docs input: "query" must be a string.';
    expect(bad).toEqual(
      format === "anthropic"
        ? { text: line, isError: true }
        : { text: JSON.stringify({ error: line }), isError: false },
    );
    // Nothing beside the contract travels to the provider: no trace id, URL, collection id or token.
    expect(
      providerLeaks(provider.requests, { service: fake.service, traceIds: [output.traceId] }),
    ).toEqual([]);
    expect(result.text).toBe("Rotate it with nwctl.");
  });

  it("strict: the definitions say so, area required and nullable; area null searches everything", async () => {
    const sent = await definitions(format, true);
    expect(toolDefinitionProblems(format, sent, { strict: true })).toEqual([]);
    const docs = createTestDocsSearch(fake.service);
    fake.service.clearRequests();
    const { model, provider } = providerModel(format, [
      {
        tool: "search_docs",
        arguments: { query: "rotate a service account key", area: null },
      },
      { text: "done" },
    ]);
    await generateText({
      model,
      tools: docsTools(docs, { caller: { token: fake.service.tokens.everything }, strict: true }),
      prompt: "How do I rotate a key?",
      stopWhen: isStepCount(3),
    });
    expect(JSON.parse(toolResultsSent(format, provider.requests[1])[0]?.text ?? "{}").status).toBe(
      "ok",
    );
    const searched = new Set(fake.service.requests.map((request) => request.collectionId));
    expect(searched.size).toBe(Object.values(fake.service.areas).flat().length);
  });
});
