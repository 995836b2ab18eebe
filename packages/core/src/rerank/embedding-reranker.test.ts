import { describe, expect, it } from "vitest";
import { cosineSimilarity } from "./cosine-similarity.js";
import { createEmbeddingReranker } from "./embedding-reranker.js";
import { lexicalRerankerOf } from "./lexical-reranker-of.js";
import type { RerankCandidate } from "./reranker.js";
import { UpstreamFusionReranker } from "./upstream-fusion-reranker.js";

const candidates: RerankCandidate[] = ["a", "b", "c"].map((key, index) => ({
  key,
  title: key,
  snippet: key,
  area: "runbooks",
  updated: undefined,
  upstreamRank: index,
  upstreamScore: 3 - index,
}));

describe("createEmbeddingReranker", () => {
  it("orders the shortlist by cosine of the query against each document, ties in lexical order", async () => {
    const reranker = createEmbeddingReranker({
      name: "embeddings",
      embed: async ({ documents }) => ({
        query: [1, 0],
        documents: documents.map((text) =>
          text.startsWith("a") ? [0, 1] : text.startsWith("b") ? [1, 1] : [1, 1],
        ),
      }),
    });
    const ranked = await reranker.rerank({ query: "q", candidates });
    expect(ranked.map((candidate) => candidate.key)).toEqual(["b", "c", "a"]);
  });

  it("fails, and keeps the lexical order, when the vectors do not match the documents", async () => {
    const notes: string[] = [];
    const reranker = createEmbeddingReranker({
      name: "embeddings",
      embed: async () => ({ query: [1, 0], documents: [[1, 0]] }),
    });
    const ranked = await reranker.rerank({ query: "q", candidates, note: (m) => notes.push(m) });
    expect(ranked.map((candidate) => candidate.key)).toEqual(["a", "b", "c"]);
    expect(notes).toEqual(["embeddings: failed (RangeError); lexical order kept"]);
  });
});

describe("cosineSimilarity", () => {
  it("is 1 for the same direction, 0 for orthogonal or empty vectors, and refuses sizes that differ", () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 3])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });
});

describe("lexicalRerankerOf", () => {
  it("pages with a model reranker's lexical order, and the default for anything else", () => {
    const lexical = new UpstreamFusionReranker({ titleWeight: 0.5 });
    const model = createEmbeddingReranker({
      name: "embeddings",
      lexical,
      embed: async () => ({ query: [], documents: [] }),
    });
    expect(lexicalRerankerOf(model)).toBe(lexical);
    expect(lexicalRerankerOf(lexical)).toBe(lexical);
    const custom = { rerank: () => [] };
    expect(lexicalRerankerOf(custom)).toBeInstanceOf(UpstreamFusionReranker);
  });
});
