import { describe, expect, it } from "vitest";
import { capPerDocument } from "./cap-per-document.js";

const hits = (spec: string) => spec.split(" ").map((entry, index) => ({ document: entry, index }));
const documentOf = (hit: { document: string }) => hit.document;

describe("capPerDocument", () => {
  it("keeps at most perDocument sections of one document, filling the rest in order", () => {
    const cut = capPerDocument(hits("a a a b a c a d e f g"), {
      resultCap: 5,
      perDocument: 2,
      documentOf,
    });
    expect(cut.map((hit) => `${hit.document}${hit.index}`)).toEqual(["a0", "a1", "b3", "c5", "d7"]);
  });

  it("stops at resultCap, and returns fewer rather than break the cap", () => {
    expect(
      capPerDocument(hits("a b c d"), { resultCap: 2, perDocument: 4, documentOf }),
    ).toHaveLength(2);
    expect(
      capPerDocument(hits("a a a a a a"), { resultCap: 8, perDocument: 4, documentOf }),
    ).toHaveLength(4);
  });

  it("leaves an order without repeats as it was", () => {
    const ranked = hits("a b c");
    expect(capPerDocument(ranked, { resultCap: 8, perDocument: 1, documentOf })).toEqual(ranked);
  });
});
