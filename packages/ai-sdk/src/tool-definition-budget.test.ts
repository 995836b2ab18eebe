import { createDocsSearch } from "@search-docs/core";
import { describe, expect, it } from "vitest";
import { countTokens, openAiToolDefinitions } from "./__fixtures__/tool-definition-tokens.js";
import { docsTools } from "./docs-tools.js";

// The four default areas; the definitions are re-sent on every turn of every request.
const areas = {
  runbooks: ["runbooks-id"],
  policies: ["policies-id"],
  "api-reference": ["api-reference-id"],
  onboarding: ["onboarding-id"],
};

async function measure(options: { recency?: boolean; strict?: boolean } = {}) {
  const docs = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas, recency: options.recency });
  const tools = docsTools(docs, { caller: { token: "unused" }, strict: options.strict });
  const definitions = await openAiToolDefinitions(tools);
  const tokens = Object.fromEntries(
    definitions.map((definition) => [definition.function.name, countTokens(definition)]),
  );
  return { definitions, tokens };
}

describe("tool definitions as the AI SDK sends them", () => {
  it("hold the budget: search_docs <= 100 tokens, get_document <= 70 (o200k)", async () => {
    const { tokens } = await measure();
    expect(tokens.search_docs).toBeLessThanOrEqual(100);
    expect(tokens.get_document).toBeLessThanOrEqual(70);
  });

  it("carry nothing the model does not need", async () => {
    for (const options of [{}, { strict: true }, { recency: true }]) {
      const { definitions } = await measure(options);
      const text = JSON.stringify(definitions);
      for (const keyword of ["$schema", "minLength", "maxLength", "default"]) {
        expect(text).not.toContain(keyword);
      }
    }
  });

  it("grow only by the opt-ins: recency adds prefer, strict adds nullability", async () => {
    const plain = await measure();
    const recency = await measure({ recency: true });
    const strict = await measure({ strict: true });
    expect(recency.tokens.search_docs).toBeGreaterThan(plain.tokens.search_docs as number);
    expect(recency.tokens.get_document).toBe(plain.tokens.get_document);
    expect(strict.tokens.search_docs).toBeGreaterThan(plain.tokens.search_docs as number);
  });
});
