import { backendContract, testAttempt } from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import { arrayBackend } from "./array-backend.js";

describe("arrayBackend: the backend contract", () => {
  for (const check of backendContract(async (documents) => ({
    backend: arrayBackend({
      handbook: documents.map(({ key, ...article }) => ({ id: key, ...article })),
    }),
    collectionId: "handbook",
    caller: { token: "reader-token-1234" },
    missingCollectionId: "no-such-collection",
  }))) {
    it(check.name, check.run);
  }
});

describe("arrayBackend", () => {
  it("ranks a section by how often it says the query's words, title included", async () => {
    const backend = arrayBackend({
      docs: [
        {
          id: "a",
          title: "Key rotation",
          slug: "keys",
          updated: "2026-01-01",
          sections: [{ heading: "Rotate", body: "rotate the key" }],
        },
        {
          id: "b",
          title: "Other",
          slug: "other",
          updated: "2026-01-02",
          sections: [{ heading: "Misc", body: "a key" }],
        },
      ],
    });
    const attempt = testAttempt({ caller: { token: "reader-token" } });
    const outcome = await backend.searchPage(
      { collectionId: "docs", query: "key", pageSize: 20, continuation: undefined },
      attempt,
    );
    expect(outcome).toMatchObject({
      kind: "page",
      more: false,
      hits: [
        { documentId: "a", score: 2 },
        { documentId: "b", score: 1 },
      ],
    });
  });
});
