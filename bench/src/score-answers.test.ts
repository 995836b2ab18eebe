import { describe, expect, it } from "vitest";
import type { BenchQuery } from "./load-queries.ts";
import { scoreAnswers } from "./score-answers.ts";

const query = (id: string, kind: string, gold: BenchQuery["gold"]): BenchQuery => ({
  id,
  query: id,
  gold,
  kind,
});

describe("scoreAnswers", () => {
  it("scores answerable questions per kind and counts no-answer questions apart", () => {
    const scores = scoreAnswers([
      {
        query: query("p", "paraphrase", [{ docId: "a", section: 1 }]),
        targets: [
          { docId: "x", section: 0 },
          { docId: "a", section: 0 },
          { docId: "a", section: 1 },
        ],
      },
      { query: query("k", "keyword", [{ docId: "b" }]), targets: [{ docId: "b", section: 2 }] },
      { query: query("n1", "no-answer", []), targets: [], status: "no_matches" },
      { query: query("n2", "no-answer", []), targets: [{ docId: "z", section: 0 }], status: "ok" },
    ]);
    expect(scores.queries).toBe(2);
    expect(scores.recallAt8).toBe(1);
    expect(scores.mrrAt8).toBe(0.75);
    // Only the paraphrase names a section.
    expect(scores.sectionRecallAt8).toBe(1);
    expect(scores.sectionMrrAt8).toBeCloseTo(1 / 3, 10);
    expect(scores.byKind.paraphrase?.mrrAt8).toBe(0.5);
    expect(scores.byKind.keyword?.mrrAt8).toBe(1);
    expect(Object.keys(scores.byKind)).toEqual(["keyword", "paraphrase"]);
    expect(scores.noAnswer).toEqual({ queries: 2, noMatches: 1 });
  });

  it("files questions of a set without kinds under all", () => {
    const scores = scoreAnswers([
      { query: { id: "q", query: "q", gold: [{ docId: "a" }] }, targets: [] },
    ]);
    expect(Object.keys(scores.byKind)).toEqual(["all"]);
    expect(scores.recallAt8).toBe(0);
    expect(scores.sectionRecallAt8).toBeNaN();
  });
});
