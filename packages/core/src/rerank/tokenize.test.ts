import { describe, expect, it } from "vitest";
import { tokenize } from "./tokenize.js";

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

  it("splits acronyms followed by a word, and error constants on underscores", () => {
    expect(tokenize("HTTPServer")).toEqual(["httpserver", "http", "server"]);
    expect(tokenize("ERR_TOKEN_EXPIRED 401")).toEqual(["err", "token", "expired", "401"]);
  });

  it("lower-cases capitalised and upper-case words without splitting them", () => {
    expect(tokenize("Rotate the KEY now")).toEqual(["rotate", "key", "now"]);
  });

  it("gives a word the same tokens whether or not its text also holds an identifier", () => {
    const plain = tokenize("Straße ÉCOLE İstanbul");
    const withIdentifier = tokenize("Straße ÉCOLE İstanbul camelCase");
    expect(withIdentifier.slice(0, plain.length)).toEqual(plain);
    expect(withIdentifier.slice(plain.length)).toEqual(["camelcase", "camel", "case"]);
  });

  it("returns nothing for punctuation and stopwords only", () => {
    expect(tokenize("  -- ? the of and  ")).toEqual([]);
  });
});
