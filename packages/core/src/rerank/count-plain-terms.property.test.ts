import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countPlainTerms } from "./count-plain-terms.js";
import { stopwords, tokenize } from "./tokenize.js";

// Snippets of words, stopwords (any case), digits, identifiers, punctuation and a few non-ASCII
// characters, letters among them (which take tokenize's other paths).
const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...stopwords),
      fc.constantFrom(...stopwords).map((stopword) => stopword.toUpperCase()),
      word,
      fc.constantFrom(
        " ",
        "-",
        "_",
        ". ",
        "/",
        "(",
        "'",
        "\n",
        "`",
        "…",
        "’",
        "é",
        "İ",
        "Σ",
        "日本",
      ),
      fc.string({ unit: "binary-ascii", maxLength: 6 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(" "));
// Query terms as the rerank makes them: tokenize's output, deduplicated, some from the text.
const termsOf = (query: string) => [...new Set(tokenize(query))];

/** What the rerank did before: every token made, then compared with each term. */
function byTokens(snippet: string, terms: readonly string[]) {
  const tokens = tokenize(snippet);
  return {
    count: tokens.length,
    frequencies: terms.map((term) => tokens.filter((token) => token === term).length),
  };
}

describe("countPlainTerms (property)", () => {
  it("counts exactly the tokens and query-term occurrences tokenize gives, or declines", () => {
    fc.assert(
      fc.property(text, fc.array(word, { maxLength: 6 }), fc.nat(4), (snippet, extra, taken) => {
        const fromSnippet = tokenize(snippet).slice(0, taken);
        const terms = termsOf([...fromSnippet, ...extra].join(" "));
        const frequencies = new Float64Array(terms.length + 2).fill(0);
        const count = countPlainTerms(snippet, terms, frequencies, 2);
        if (count < 0) {
          expect([...frequencies]).toEqual(new Array(terms.length + 2).fill(0));
          return;
        }
        const expected = byTokens(snippet, terms);
        expect(count).toBe(expected.count);
        expect([...frequencies.subarray(2)]).toEqual(expected.frequencies);
      }),
      { numRuns: 3000 },
    );
  });

  it("takes ASCII words, identifiers split as tokenize splits them, declines the rest", () => {
    const frequencies = new Float64Array(1);
    expect(
      countPlainTerms("Rotate the API key, then THE key again.", ["key"], frequencies, 0),
    ).toBe(5);
    expect(frequencies[0]).toBe(2);
    expect(countPlainTerms("LedgerHighErrorRate fires", ["ledger"], frequencies, 0)).toBe(6);
    expect(frequencies[0]).toBe(3);
    expect(countPlainTerms("clé de l'API", ["api"], frequencies, 0)).toBe(-1);
    expect(countPlainTerms("a quote’s end…", [], frequencies, 0)).toBe(3);
  });
});
