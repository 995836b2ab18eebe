import { contractDocuments } from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handbookSearch } from "./handbook-search.js";
import { startTinyEngine } from "./tiny-engine.js";

const reader = "reader-token-1234";
const caller = { caller: { token: reader } };
let engine: Awaited<ReturnType<typeof startTinyEngine>>;

beforeAll(async () => {
  const articles = contractDocuments().map(({ key, ...article }) => ({ id: key, ...article }));
  engine = await startTinyEngine({
    runbooks: { articles, readers: [reader] },
    policies: { articles: [], readers: [reader] },
  });
});
afterAll(() => engine.close());

describe("handbookSearch", () => {
  it("searches through the tiny engine's backend and reads a result by its ref", async () => {
    const docs = handbookSearch(engine.url);
    const { output } = await docs.search({ query: "heliograph", area: "runbooks" }, caller);
    expect(output.status).toBe("ok");
    const [first] = output.results;
    expect(first?.title).toBe("Updating the public status page");
    const read = await docs.getDocument({ ref: first?.ref ?? "" }, caller);
    expect(read.output.status).toBe("ok");
  });

  it("answers no_matches where nothing matched, in every area", async () => {
    const { output } = await handbookSearch(engine.url).search(
      { query: "quokka xylophone" },
      caller,
    );
    expect(output.status).toBe("no_matches");
  });
});
