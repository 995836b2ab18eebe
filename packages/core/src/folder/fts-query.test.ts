import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxQueryTerms } from "../text/query-words.js";
import { toFtsQuery } from "./fts-query.js";

describe("toFtsQuery", () => {
  it("quotes each word and joins them with OR, leaving common words out", () => {
    expect(toFtsQuery("How do I rotate the signing key?")).toBe('"rotate" OR "signing" OR "key"');
    expect(toFtsQuery("what is it")).toBe('"what" OR "is" OR "it"');
  });

  it("has no word for punctuation-only questions", () => {
    for (const query of ['"', "*", "-", "()", "  :  "]) expect(toFtsQuery(query)).toBeUndefined();
  });

  it("bounds the number of terms", () => {
    const query = Array.from({ length: 100 }, (_, index) => `word${index}`).join(" ");
    expect(toFtsQuery(query)?.split(" OR ")).toHaveLength(maxQueryTerms);
  });

  it("never makes an FTS5 syntax error, whatever the question", () => {
    const database = new DatabaseSync(":memory:");
    database.exec(
      "CREATE VIRTUAL TABLE t USING fts5 (body, tokenize = 'porter unicode61 remove_diacritics 2')",
    );
    database.prepare("INSERT INTO t VALUES (?)").run("alpha beta NEAR OR AND NOT");
    const search = database.prepare("SELECT count(*) AS n FROM t WHERE t MATCH ?");
    for (const query of [
      "a:b OR (c",
      '"',
      "*",
      "-",
      "NEAR(a b)",
      "alpha AND",
      "^beta",
      "title:alpha",
      "OR",
    ]) {
      const fts = toFtsQuery(query);
      if (fts !== undefined) expect(() => search.get(fts)).not.toThrow();
    }
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (query) => {
        const fts = toFtsQuery(query);
        if (fts !== undefined) search.get(fts);
      }),
      { numRuns: 500 },
    );
    database.close();
  });
});
