import { describe, expect, it } from "vitest";
import type { CorpusDocument } from "./corpus-document.js";
import { SectionIndex } from "./section-index.js";

function document(
  id: string,
  title: string,
  texts: string[],
  updated = "2024-01-01",
): CorpusDocument {
  return {
    id,
    area: "runbooks",
    slug: id,
    title,
    updated,
    sections: texts.map((text, index) => ({ heading: `Heading ${index}`, text })),
  };
}

describe("SectionIndex", () => {
  it("returns one hit per matching section, best first", () => {
    const index = new SectionIndex([
      document("a", "A", ["rotate the key", "nothing here at all"]),
      document("b", "B", ["rotate key key key rotation of the key"]),
    ]);
    const hits = index.search("key");
    expect(hits.map((hit) => [hit.document.id, hit.sectionIndex])).toEqual([
      ["b", 0],
      ["a", 0],
    ]);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Number.POSITIVE_INFINITY);
  });

  it("ranks with the BM25 parameters it is given", () => {
    // A long section repeating the term against a short one: length normalization (b) decides.
    const documents = [
      document("long", "L", [`key key key ${"filler ".repeat(60)}`]),
      document("short", "S", ["key rotation"]),
    ];
    const order = (ranking?: { k1: number; b: number }) =>
      new SectionIndex(documents, ranking).search("key").map((hit) => hit.document.id);
    expect(order()).toEqual(["short", "long"]);
    expect(order({ k1: 1.2, b: 0 })).toEqual(["long", "short"]);
  });

  it("rounds scores to 4 decimals", () => {
    const index = new SectionIndex([
      document("a", "A", ["rotate the key"]),
      document("b", "B", ["x"]),
    ]);
    const score = index.search("key")[0]?.score ?? 0;
    expect(score).toBeGreaterThan(0);
    expect(Math.round(score * 10_000) / 10_000).toBe(score);
  });

  it("breaks score ties by document id, then section index", () => {
    const index = new SectionIndex([
      document("c", "C", ["vault token"]),
      document("a", "A", ["vault token", "vault token"]),
    ]);
    const hits = index.search("vault");
    expect(hits.map((hit) => [hit.document.id, hit.sectionIndex])).toEqual([
      ["a", 0],
      ["a", 1],
      ["c", 0],
    ]);
  });

  it("does not index titles or headings", () => {
    const index = new SectionIndex([
      document("a", "Certificate renewal", ["Run the job every quarter."]),
    ]);
    expect(index.search("certificate")).toEqual([]);
    expect(index.search("heading")).toEqual([]);
  });

  it("finds nothing for stopwords or unknown words", () => {
    const index = new SectionIndex([document("a", "A", ["the key"])]);
    expect(index.search("the")).toEqual([]);
    expect(index.search("zebra")).toEqual([]);
  });

  it("caps a query at 200 hits", () => {
    const documents = Array.from({ length: 250 }, (_, index) =>
      document(`doc-${String(index).padStart(3, "0")}`, "T", ["shared term"]),
    );
    expect(new SectionIndex(documents).search("shared")).toHaveLength(200);
  });

  it("cuts the snippet around the first query-term hit", () => {
    const text = `${"filler words here. ".repeat(20)}Rotate the signing key now. ${"more filler. ".repeat(20)}`;
    const index = new SectionIndex([document("a", "A", [text])]);
    const [hit] = index.search("signing");
    if (hit === undefined) throw new Error("expected a hit");
    const snippet = index.snippetFor(hit, "signing");
    expect(snippet).toContain("Rotate the signing key now.");
    expect(snippet.startsWith("…")).toBe(true);
  });
});
