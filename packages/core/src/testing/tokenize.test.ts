import { describe, expect, it } from "vitest";
import { tokenize, tokenizeWithOffsets } from "./tokenize.js";

describe("tokenize", () => {
  it("lowercases, splits on non-alphanumerics and drops stopwords", () => {
    expect(tokenize("How do I rotate the API-key? (v2)")).toEqual(["rotate", "api", "key", "v2"]);
  });

  it("keeps letters outside ASCII", () => {
    expect(tokenize("Café déjà-vu")).toEqual(["café", "déjà", "vu"]);
  });

  it("reports where each term starts in the original text", () => {
    expect(tokenizeWithOffsets("The Key rotates")).toEqual([
      { term: "key", offset: 4 },
      { term: "rotates", offset: 8 },
    ]);
  });
});
