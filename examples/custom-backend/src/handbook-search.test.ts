import { contractDocuments } from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import type { Article } from "./array-backend.js";
import { handbookSearch } from "./handbook-search.js";

const articles: Article[] = contractDocuments().map(({ key, ...article }) => ({
  id: key,
  ...article,
}));
const caller = { caller: { token: "reader-token-1234" } };

describe("handbookSearch", () => {
  it("searches through the array backend and reads a result by its ref", async () => {
    const docs = handbookSearch(articles, []);
    const { output } = await docs.search({ query: "heliograph", area: "runbooks" }, caller);
    expect(output.status).toBe("ok");
    const [first] = output.results;
    expect(first?.title).toBe("Updating the public status page");
    const read = await docs.getDocument({ ref: first?.ref ?? "" }, caller);
    expect(read.output.status).toBe("ok");
  });

  it("answers no_matches where nothing matched, in every area", async () => {
    const { output } = await handbookSearch(articles, []).search(
      { query: "quokka xylophone" },
      caller,
    );
    expect(output.status).toBe("no_matches");
  });
});
