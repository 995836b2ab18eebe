import { FakeEmbeddings, SyntheticEmbeddings } from "@langchain/core/utils/testing";
import { OpenAIEmbeddings } from "@langchain/openai";
import {
  createTestDocsSearch,
  fakeDocsServiceFixture,
  wordCountEmbedding,
} from "@search-docs/core/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { embeddingsReranker } from "./embeddings-reranker.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const caller = () => ({ caller: { token: fake.service.tokens.everything } });
const query = { query: "rotate a service account key", area: "runbooks" };

// How often each of a few words occurs; the query is embedded as "leaked" alone.
const embed = wordCountEmbedding(["leaked", "secret", "rotate", "key"]);

describe("embeddingsReranker", () => {
  it("ties under FakeEmbeddings' constant vectors, so the lexical order stands", async () => {
    const lexical = await createTestDocsSearch(fake.service).search(query, caller());
    const docs = createTestDocsSearch(fake.service, {
      reranker: embeddingsReranker(new FakeEmbeddings()),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(output.results).toEqual(lexical.output.results);
    expect(
      trace.notes.some((note) => note.startsWith("langchain FakeEmbeddings: reordered the top")),
    ).toBe(true);
  });

  it("reorders by cosine under SyntheticEmbeddings, as its vectors say", async () => {
    class Recording extends SyntheticEmbeddings {
      documents: string[] = [];
      vectors: number[][] = [];
      override async embedDocuments(documents: string[]) {
        this.documents = documents;
        this.vectors = await super.embedDocuments(documents);
        return this.vectors;
      }
    }
    const embeddings = new Recording({ vectorSize: 16 });
    const docs = createTestDocsSearch(fake.service, {
      reranker: embeddingsReranker(embeddings, { shortlist: 8 }),
    });
    const { output } = await docs.search(query, caller());
    // SyntheticEmbeddings is deterministic: the query's vector, computed again.
    const queryVector = await new SyntheticEmbeddings({ vectorSize: 16 }).embedQuery(query.query);
    const cosine = (left: number[], right: number[]) => {
      const dot = left.reduce((total, value, index) => total + value * (right[index] ?? 0), 0);
      return dot / Math.hypot(...left) / Math.hypot(...right);
    };
    const similarity = embeddings.vectors.map((vector) => cosine(queryVector, vector));
    const best = similarity.indexOf(Math.max(...similarity));
    expect(embeddings.documents).toHaveLength(8);
    expect(output.results[0]?.title).toBe(embeddings.documents[best]?.split("\n")[0]);
  });

  it("speaks a real provider's wire: OpenAIEmbeddings through a capturing fetch", async () => {
    const inputs: unknown[] = [];
    const embeddings = new OpenAIEmbeddings({
      model: "text-embedding-3-small",
      apiKey: "test-key",
      configuration: {
        fetch: async (_url: unknown, init?: { body?: unknown }) => {
          const body = JSON.parse(String(init?.body));
          const texts: string[] = Array.isArray(body.input) ? body.input : [body.input];
          inputs.push(body.input);
          return Response.json({
            object: "list",
            data: texts.map((text, index) => ({
              object: "embedding",
              index,
              embedding: texts.length === 1 && !text.includes("\n") ? [1, 0, 0, 0] : embed(text),
            })),
            model: "text-embedding-3-small",
            usage: { prompt_tokens: 1, total_tokens: 1 },
          });
        },
      },
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: embeddingsReranker(embeddings, { shortlist: 8 }),
    });
    const { output } = await docs.search(query, caller());
    expect(inputs).toHaveLength(2);
    expect(output.results[0]?.ref).toMatch(/^runbooks\/leaked-secret-response#/);
  });
});
