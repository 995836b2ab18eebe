import { createOpenAI } from "@ai-sdk/openai";
import {
  createTestDocsSearch,
  fakeDocsServiceFixture,
  wordCountEmbedding,
} from "@search-docs/core/testing";
import { MockEmbeddingModelV4 } from "ai/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { embeddingModelReranker } from "./embedding-model-reranker.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const caller = () => ({ caller: { token: fake.service.tokens.everything } });
const query = { query: "rotate a service account key", area: "runbooks" };

// How often each of a few words occurs; the query is embedded as "leaked" alone.
const embed = wordCountEmbedding(["leaked", "secret", "rotate", "key"]);

describe("embeddingModelReranker", () => {
  it("orders the shortlist by cosine of the query against title + snippet, in one embedMany", async () => {
    const seen: string[][] = [];
    const model = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 100,
      doEmbed: async ({ values }) => {
        seen.push(values);
        return {
          embeddings: values.map((value, index) => (index === 0 ? [1, 0, 0, 0] : embed(value))),
          warnings: [],
        };
      },
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: embeddingModelReranker({ model, shortlist: 8 }),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toBe(query.query);
    expect(seen[0]).toHaveLength(9);
    // Whatever ranked first lexically, a result that talks about leaked keys now leads.
    expect(output.results[0]?.ref).toMatch(/^runbooks\/leaked-secret-response#/);
    expect(
      trace.notes.some((note) =>
        note.startsWith("ai-sdk embedMany mock-provider/mock-model-id: reordered the top 8"),
      ),
    ).toBe(true);
  });

  it("keeps the lexical order, traced, when the embeddings do not fit the documents", async () => {
    const model = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 100,
      doEmbed: async () => ({ embeddings: [[1, 0]], warnings: [] }),
    });
    const lexical = await createTestDocsSearch(fake.service).search(query, caller());
    const docs = createTestDocsSearch(fake.service, {
      reranker: embeddingModelReranker({ model }),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(output.results).toEqual(lexical.output.results);
    expect(
      trace.notes.some((note) => note.includes("failed") && note.includes("lexical order kept")),
    ).toBe(true);
  });

  it("speaks a real provider's wire: OpenAI embeddings through a capturing fetch, one request", async () => {
    const inputs: string[][] = [];
    const openai = createOpenAI({
      apiKey: "test-key",
      fetch: async (_url, init) => {
        const body = JSON.parse(String(init?.body));
        inputs.push(body.input);
        return Response.json({
          object: "list",
          data: (body.input as string[]).map((text, index) => ({
            object: "embedding",
            index,
            embedding: index === 0 ? [1, 0, 0, 0] : embed(text),
          })),
          model: "text-embedding-3-small",
          usage: { prompt_tokens: 1, total_tokens: 1 },
        });
      },
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: embeddingModelReranker({
        model: openai.embedding("text-embedding-3-small"),
        shortlist: 8,
      }),
    });
    const { output } = await docs.search(query, caller());
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toHaveLength(9);
    expect(output.results[0]?.ref).toMatch(/^runbooks\/leaked-secret-response#/);
  });
});
