import { describe, expect, it } from "vitest";
import { caller, documents, search } from "../__fixtures__/memory-documents.js";
import { memoryBackend } from "./memory-backend.js";
import { testAttempt } from "./test-attempt.js";

describe("memoryBackend: answers", () => {
  it("cuts the passage where most of the query's words are, within limits.passageChars", async () => {
    // "rotation" alone comes first; the window holding all three words comes later.
    const long = `${"filler words that say nothing ".repeat(10)}a rotation of staff ${"more filler ".repeat(30)}the key rotation schedule runs at noon ${"more filler ".repeat(30)}`;
    const backend = memoryBackend({
      collections: {
        docs: [{ id: "long", title: "Long", sections: [{ heading: "H", body: long }] }],
      },
    });
    const outcome = await backend.searchPage(
      search("key rotation schedule"),
      testAttempt({ caller, limits: { passageChars: 120 } }),
    );
    const snippet = outcome.kind === "page" ? (outcome.hits[0]?.snippet ?? "") : "";
    expect(snippet).toContain("key rotation schedule runs at noon");
    expect(snippet.length).toBeLessThanOrEqual(122);
  });

  it("reads a document, its sections numbered from 1, and refuses one over limits.documentSections", async () => {
    const backend = memoryBackend({ collections: { docs: documents } });
    const request = { collectionId: "docs", documentId: "alpha" };
    expect(await backend.getDocument(request, testAttempt({ caller }))).toEqual({
      kind: "document",
      document: {
        title: "Alpha rotation",
        slug: "alpha",
        updated: "2026-01-01",
        sections: [
          { section: "1", heading: "One", text: "rotate the signing key every quarter" },
          { section: "2", heading: "Two", text: "nothing about it here" },
        ],
      },
    });
    expect(
      await backend.getDocument(request, testAttempt({ caller, limits: { documentSections: 1 } })),
    ).toMatchObject({
      kind: "failed",
      cause: "too_large",
    });
    expect(
      await backend.getDocument({ ...request, documentId: "gamma" }, testAttempt({ caller })),
    ).toEqual({
      kind: "not_found",
    });
  });
});
