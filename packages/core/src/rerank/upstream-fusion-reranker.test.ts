import { describe, expect, it } from "vitest";
import { Bm25Reranker } from "./bm25-reranker.js";
import type { RerankCandidate } from "./reranker.js";

const candidate = (
  key: string,
  title: string,
  snippet: string,
  upstreamRank: number,
  updated?: string,
) =>
  ({
    key,
    title,
    snippet,
    area: "runbooks",
    updated,
    upstreamRank,
    upstreamScore: 10 - upstreamRank,
  }) satisfies RerankCandidate;

describe("Bm25Reranker", () => {
  it("lifts a title match that the upstream ranked low", () => {
    const candidates = [
      candidate("a", "Deploy checklist", "the deploy pipeline rotates nothing", 0),
      candidate("b", "Database failover", "promote the replica", 1),
      candidate("c", "Service account key rotation", "steps for the service account", 30),
    ];
    const ranked = new Bm25Reranker().rerank({ query: "rotate service account key", candidates });
    expect(ranked[0]?.key).toBe("c");
  });

  it("keeps the upstream order when lexical scores tie", () => {
    const candidates = [candidate("a", "x", "same words", 0), candidate("b", "x", "same words", 1)];
    expect(new Bm25Reranker().rerank({ query: "words", candidates }).map((c) => c.key)).toEqual([
      "a",
      "b",
    ]);
  });

  it("prefers recent documents when asked", () => {
    const candidates = [
      candidate("old", "Deploy freeze policy", "deploy freeze", 0, "2021-01-01"),
      candidate("new", "Deploy freeze policy", "deploy freeze", 1, "2026-10-01"),
    ];
    const reranker = new Bm25Reranker();
    expect(reranker.rerank({ query: "deploy freeze", candidates })[0]?.key).toBe("old");
    expect(reranker.rerank({ query: "deploy freeze", candidates, prefer: "recent" })[0]?.key).toBe(
      "new",
    );
  });

  it("counts a title once however many candidates share it, and scores only query terms", () => {
    const shared = "Ledger high error rate";
    const candidates = [
      candidate("a", shared, "check the ledger replica lag first", 0),
      candidate("b", shared, "page the database on-call", 1),
      candidate("c", "Unrelated", "nothing here matches", 2),
    ];
    const scores = new Bm25Reranker({ upstreamWeight: 0 }).score("ledger replica", candidates);
    expect(scores[0]).toBeGreaterThan(scores[1] ?? 0);
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[2]).toBe(0);
  });

  it("treats candidates without a date as oldest under prefer: recent", () => {
    const candidates = [
      candidate("undated", "Deploy freeze", "deploy freeze", 0),
      candidate("dated", "Deploy freeze", "deploy freeze", 1, "2024-05-01"),
    ];
    const ranked = new Bm25Reranker().rerank({
      query: "deploy freeze",
      candidates,
      prefer: "recent",
    });
    expect(ranked.map((c) => c.key)).toEqual(["dated", "undated"]);
  });
});
