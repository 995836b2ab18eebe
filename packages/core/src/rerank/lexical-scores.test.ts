import { describe, expect, it } from "vitest";
import { lexicalScores } from "./lexical-scores.js";
import type { RerankCandidate } from "./reranker.js";

const candidate = (key: string, title: string, snippet: string): RerankCandidate => ({
  key,
  title,
  snippet,
  area: "runbooks",
  updated: undefined,
  upstreamRank: 0,
  upstreamScore: 1,
});

describe("lexicalScores", () => {
  it("with Porter stems, a question's word meets its other forms in titles and snippets", () => {
    const candidates = [
      candidate("a", "Key rotation", "Rotated keys are published daily"),
      candidate("b", "Quotas", "Nothing about it"),
    ];
    const stemmed = lexicalScores("rotating a key", candidates, {
      k1: 1.2,
      b: 0.75,
      stemming: "porter",
    });
    const asWritten = lexicalScores("rotating a key", candidates, { k1: 1.2, b: 0.75 });
    expect([...stemmed.titleCoverage]).toEqual([1, 0]);
    expect([...asWritten.titleCoverage]).toEqual([0.5, 0]);
    expect(stemmed.lexical[0]).toBeGreaterThan(asWritten.lexical[0] ?? 0);
    expect(stemmed.lexical[1]).toBe(0);
  });

  it("scores only query terms, counting a shared title once per candidate", () => {
    const shared = "Ledger high error rate";
    const { lexical, titleCoverage } = lexicalScores(
      "ledger replica",
      [
        candidate("a", shared, "check the ledger replica lag first"),
        candidate("b", shared, "page the database on-call"),
        candidate("c", "Unrelated", "nothing here matches"),
      ],
      { k1: 1.2, b: 0.75 },
    );
    expect(lexical[0]).toBeGreaterThan(lexical[1] ?? 0);
    expect(lexical[1]).toBeGreaterThan(0);
    expect(lexical[2]).toBe(0);
    expect([...titleCoverage]).toEqual([0.5, 0.5, 0]);
  });

  it("weighs a rare query term above a common one", () => {
    const { lexical } = lexicalScores(
      "deploy ledger",
      [
        candidate("common", "x", "deploy"),
        candidate("rare", "x", "ledger"),
        candidate("other", "x", "deploy again"),
      ],
      { k1: 1.2, b: 0 },
    );
    expect(lexical[1]).toBeGreaterThan(lexical[0] ?? 0);
  });

  it("is empty for a query of stopwords only", () => {
    const { lexical, titleCoverage } = lexicalScores("how do I", [candidate("a", "How", "do")], {
      k1: 1.2,
      b: 0.75,
    });
    expect([...lexical, ...titleCoverage]).toEqual([0, 0]);
  });
});
