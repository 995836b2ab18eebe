import { describe, expect, it } from "vitest";
import { Bm25Reranker } from "./bm25-reranker.js";
import type { RerankCandidate } from "./reranker.js";
import { tokenize } from "./tokenize.js";

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

describe("tokenize", () => {
  it("splits identifiers and drops stopwords", () => {
    expect(tokenize("How do I fix LedgerHighErrorRate?")).toEqual([
      "fix",
      "ledgerhigherrorrate",
      "ledger",
      "high",
      "error",
      "rate",
    ]);
  });
});

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
});
