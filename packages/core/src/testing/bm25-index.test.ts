import { describe, expect, it } from "vitest";
import { Bm25Index } from "./bm25-index.js";

const parameters = { k1: 1.2, b: 0.75 };
const index = (texts: string[]) =>
  new Bm25Index(
    texts.map((text, position) => ({ entry: position, terms: text.split(" ").filter(Boolean) })),
    parameters,
  );
const scores = (bm25: Bm25Index<number>, query: string[]) =>
  Object.fromEntries(bm25.score(query).map(({ entry, score }) => [entry, score]));

describe("Bm25Index", () => {
  it("scores only entries sharing a query term, a rarer term higher", () => {
    const bm25 = index(["key rotation", "key backup", "key restore", "zebra"]);
    const byKey = scores(bm25, ["key"]);
    expect(Object.keys(byKey)).toEqual(["0", "1", "2"]);
    expect(scores(bm25, ["rotation"])[0]).toBeGreaterThan(byKey[0] ?? 0);
    expect(bm25.score(["absent"])).toEqual([]);
  });

  it("never scores negative, even a term in every entry, and counts a repeated query term once", () => {
    const bm25 = index(["common a", "common b", "common c"]);
    for (const { score } of bm25.score(["common"])) expect(score).toBeGreaterThan(0);
    expect(scores(bm25, ["common", "common"])).toEqual(scores(bm25, ["common"]));
  });

  it("saturates term frequency and favours the shorter of two equal matches", () => {
    const bm25 = index(["key", "key key key key key key key key", "key filler filler filler"]);
    const byKey = scores(bm25, ["key"]);
    // Eight times the term is worth less than twice once: k1 saturates it.
    expect(byKey[1] ?? 0).toBeLessThan(2 * (byKey[0] ?? 0));
    expect(byKey[0] ?? 0).toBeGreaterThan(byKey[2] ?? 0);
  });

  it("answers nothing over no entries", () => {
    expect(index([]).score(["key"])).toEqual([]);
  });
});
