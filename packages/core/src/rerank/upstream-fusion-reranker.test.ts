import { describe, expect, it } from "vitest";
import type { RerankCandidate } from "./reranker.js";
import { UpstreamFusionReranker } from "./upstream-fusion-reranker.js";

const candidate = (
  key: string,
  {
    title = "x",
    snippet = "",
    score = 1,
    rank = 0,
    updated,
  }: Partial<{
    title: string;
    snippet: string;
    score: number;
    rank: number;
    updated: string;
  }>,
) =>
  ({
    key,
    title,
    snippet,
    area: "runbooks",
    updated,
    upstreamRank: rank,
    upstreamScore: score,
  }) satisfies RerankCandidate;

const keys = (ranked: readonly RerankCandidate[]) => ranked.map((entry) => entry.key);

describe("UpstreamFusionReranker", () => {
  it("keeps the backend's score as the main signal: a few snippet words do not outrank it", () => {
    const candidates = [
      candidate("words", { snippet: "rotate the service account key", score: 3, rank: 1 }),
      candidate("backend", { snippet: "nothing of the query here", score: 10, rank: 0 }),
    ];
    const ranked = new UpstreamFusionReranker().rerank({
      query: "rotate service account key",
      candidates,
    });
    expect(keys(ranked)).toEqual(["backend", "words"]);
  });

  it("puts every collection on one scale: a weak collection's best stays below a strong one's second", () => {
    const candidates = [
      candidate("strong-1", { score: 10, rank: 0 }),
      candidate("strong-2", { score: 8, rank: 1 }),
      candidate("weak-1", { score: 2, rank: 0 }),
    ];
    expect(keys(new UpstreamFusionReranker().rerank({ query: "q", candidates }))).toEqual([
      "strong-1",
      "strong-2",
      "weak-1",
    ]);
  });

  it("lets the title decide between hits the backend scored about the same", () => {
    const candidates = [
      candidate("body", { title: "Checklist", snippet: "service account key", score: 5, rank: 0 }),
      candidate("title", { title: "Service account key", snippet: "rotate", score: 4.7, rank: 1 }),
    ];
    const ranked = new UpstreamFusionReranker().rerank({
      query: "service account key",
      candidates,
    });
    expect(keys(ranked)).toEqual(["title", "body"]);
  });

  it("bounds the added evidence by the two weights", () => {
    const reranker = new UpstreamFusionReranker({ lexicalWeight: 0.2, titleWeight: 0.2 });
    const perfect = { title: "ledger replica lag", snippet: "ledger replica lag" };
    // 0.55 + at most 0.4 stays under 1; 0.65 + 0.4 gets over it.
    const below = [
      candidate("backend", { score: 1, rank: 0 }),
      candidate("lexical", { ...perfect, score: 0.55, rank: 1 }),
    ];
    const above = [
      candidate("backend", { score: 1, rank: 0 }),
      candidate("lexical", { ...perfect, score: 0.65, rank: 1 }),
    ];
    const query = "ledger replica lag";
    expect(keys(reranker.rerank({ query, candidates: below }))).toEqual(["backend", "lexical"]);
    expect(keys(reranker.rerank({ query, candidates: above }))).toEqual(["lexical", "backend"]);
  });

  it("keeps the upstream order when everything ties", () => {
    const candidates = [candidate("a", { rank: 0 }), candidate("b", { rank: 1 })];
    const reranker = new UpstreamFusionReranker();
    expect(keys(reranker.rerank({ query: "words", candidates }))).toEqual(["a", "b"]);
    expect(
      keys(reranker.rerank({ query: "words", candidates: [...candidates].reverse() })),
    ).toEqual(["a", "b"]);
  });

  it("ranks by lexical evidence alone when the backend gives no positive score", () => {
    const candidates = [
      candidate("none", { snippet: "unrelated", score: 0, rank: 0 }),
      candidate("match", { snippet: "ledger replica", score: 0, rank: 1 }),
    ];
    const ranked = new UpstreamFusionReranker().rerank({ query: "ledger replica", candidates });
    expect(keys(ranked)).toEqual(["match", "none"]);
  });

  it("prefers recent documents when asked", () => {
    const candidates = [
      candidate("old", { title: "Deploy freeze", score: 5, rank: 0, updated: "2021-01-01" }),
      candidate("new", { title: "Deploy freeze", score: 4.9, rank: 1, updated: "2026-10-01" }),
    ];
    const reranker = new UpstreamFusionReranker();
    expect(reranker.rerank({ query: "deploy freeze", candidates })[0]?.key).toBe("old");
    expect(reranker.rerank({ query: "deploy freeze", candidates, prefer: "recent" })[0]?.key).toBe(
      "new",
    );
  });

  it("treats candidates without a date as oldest under prefer: recent", () => {
    const candidates = [
      candidate("undated", { score: 5, rank: 0 }),
      candidate("dated", { score: 5, rank: 1, updated: "2024-05-01" }),
    ];
    const ranked = new UpstreamFusionReranker().rerank({
      query: "deploy freeze",
      candidates,
      prefer: "recent",
    });
    expect(keys(ranked)).toEqual(["dated", "undated"]);
  });
});
