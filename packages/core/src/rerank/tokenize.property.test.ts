import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiWords, stopwords, tokenize } from "./tokenize.js";

// ASCII text of words, stopwords, digits, identifiers and punctuation.
const asciiText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...stopwords),
      fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
      fc.constantFrom(" ", "  ", "-", "_", ".", ", ", "/", "(", ")", "'", "\n", "`", "=", ":"),
      fc.string({ unit: "binary-ascii", maxLength: 6 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(" "));

const bySplitting = (lower: string) =>
  lower.split(/[^a-z0-9]+/).filter((word) => word !== "" && !stopwords.has(word));

describe("tokenize (property)", () => {
  it("scans ASCII by hand into exactly the words the split gave", () => {
    fc.assert(
      fc.property(asciiText, (text) => {
        const lower = text.toLowerCase();
        expect(asciiWords(lower)).toEqual(bySplitting(lower));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives ASCII text without identifiers the split's words", () => {
    fc.assert(
      fc.property(asciiText, (text) => {
        fc.pre(!/[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/.test(text));
        expect(tokenize(text)).toEqual(bySplitting(text.toLowerCase()));
      }),
      { numRuns: 2000 },
    );
  });
});
