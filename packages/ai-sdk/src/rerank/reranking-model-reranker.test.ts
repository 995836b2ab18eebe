import { createCohere } from "@ai-sdk/cohere";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { MockRerankingModelV4 } from "ai/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rerankingModelReranker } from "./reranking-model-reranker.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const caller = () => ({ caller: { token: fake.service.tokens.everything } });
const query = { query: "rotate a service account key", area: "runbooks" };

/** The lexical order of the same search, to compare the model's against. */
async function lexicalTitles(): Promise<string[]> {
  const { output } = await createTestDocsSearch(fake.service).search(query, caller());
  return output.results.map((result) => result.title);
}

describe("rerankingModelReranker", () => {
  it("reorders the shortlist with the model's ranking, asked once, never while paging", async () => {
    const calls: Array<{ query: string; documents: string[] }> = [];
    const model = new MockRerankingModelV4({
      doRerank: async (options) => {
        const documents = options.documents.values as string[];
        calls.push({ query: options.query, documents });
        // Reverse the shortlist: the model's own judgement, whatever the lexical order said.
        return {
          ranking: documents.map((_, index) => ({
            index: documents.length - 1 - index,
            relevanceScore: 1 - index / 100,
          })),
        };
      },
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: rerankingModelReranker({ model, shortlist: 8 }),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toBe(query.query);
    expect(calls[0]?.documents).toHaveLength(8);
    // The shortlist comes back reversed: the last document sent leads the answer.
    const sentTitles = (calls[0]?.documents ?? []).map((text) => text.split("\n")[0]);
    expect(output.results[0]?.title).toBe(sentTitles[7]);
    expect(output.results[1]?.title).toBe(sentTitles[6]);
    expect(sentTitles.slice(0, 3)).toEqual((await lexicalTitles()).slice(0, 3));
    expect(
      trace.notes.some((note) =>
        /^ai-sdk rerank mock-provider\/mock-model-id: reordered the top 8/.test(note),
      ),
    ).toBe(true);
  });

  it("keeps the lexical order, traced, when the model fails", async () => {
    const model = new MockRerankingModelV4({
      doRerank: async () => {
        throw new Error("provider down");
      },
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: rerankingModelReranker({ model }),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(output.status).toBe("ok");
    expect(output.results.map((result) => result.title)).toEqual(await lexicalTitles());
    expect(
      trace.notes.some((note) => note.includes("failed") && note.includes("lexical order kept")),
    ).toBe(true);
  });

  it("gives up at its timeout, inside the call's deadline, and the lexical order stands", async () => {
    let aborted: boolean | undefined;
    const model = new MockRerankingModelV4({
      doRerank: (options) =>
        new Promise((_, reject) => {
          options.abortSignal?.addEventListener("abort", () => {
            aborted = true;
            reject(options.abortSignal?.reason);
          });
        }),
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: rerankingModelReranker({ model, timeoutMs: 50 }),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(aborted).toBe(true);
    expect(output.results.map((result) => result.title)).toEqual(await lexicalTitles());
    expect(trace.notes.some((note) => /timed out after 50 ms; lexical order kept/.test(note))).toBe(
      true,
    );
    // Generous: a loaded machine may be slow, but the model's 50 ms are nowhere near the 5 s deadline.
    expect(trace.durationMs).toBeLessThan(4000);
  });

  it("speaks a real provider's wire: Cohere's rerank endpoint through a capturing fetch", async () => {
    const bodies: Array<{ query: string; documents: string[]; top_n?: number }> = [];
    const cohere = createCohere({
      apiKey: "test-key",
      fetch: async (_url, init) => {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        const count = body.documents.length as number;
        return Response.json({
          id: "r1",
          results: Array.from({ length: count }, (_, index) => ({
            index: count - 1 - index,
            relevance_score: 1 - index / 100,
          })),
          meta: {},
        });
      },
    });
    const docs = createTestDocsSearch(fake.service, {
      reranker: rerankingModelReranker({ model: cohere.reranking("rerank-v3.5"), shortlist: 8 }),
    });
    const { output } = await docs.search(query, caller());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.query).toBe(query.query);
    expect(bodies[0]?.documents).toHaveLength(8);
    expect(output.results[0]?.title).toBe(bodies[0]?.documents[7]?.split("\n")[0]);
  });
});
