import { describe, expect, it } from "vitest";
import { caller, documents, search } from "../__fixtures__/memory-documents.js";
import { memoryBackend } from "./memory-backend.js";
import { testAttempt } from "./test-attempt.js";

describe("memoryBackend: ranking", () => {
  it("ranks one record per section by BM25, title weighted, best first", async () => {
    const backend = memoryBackend({ collections: { docs: documents } });
    const outcome = await backend.searchPage(search("key"), testAttempt({ caller }));
    expect(outcome.kind).toBe("page");
    if (outcome.kind !== "page") return;
    expect(outcome.hits.map((hit) => [hit.documentId, hit.section])).toEqual([
      ["beta", "1"],
      ["alpha", "1"],
    ]);
    // A title word finds every section of its document, even one that never says it.
    const titled = await backend.searchPage(search("alpha"), testAttempt({ caller }));
    expect(titled.kind === "page" && titled.hits.map((hit) => hit.section).sort()).toEqual([
      "1",
      "2",
    ]);
    const withoutTitles = memoryBackend({ collections: { docs: documents }, titleWeight: 0 });
    expect((await withoutTitles.searchPage(search("alpha"), testAttempt({ caller }))).kind).toBe(
      "no_match",
    );
  });

  it("compares Porter stems, as the folder's FTS5 does: rotating finds rotation; none turns it off", async () => {
    const stemmed = memoryBackend({ collections: { docs: documents } });
    const outcome = await stemmed.searchPage(search("rotating keys"), testAttempt({ caller }));
    expect(outcome.kind === "page" && outcome.hits.map((hit) => hit.documentId)).toContain("beta");
    if (outcome.kind === "page") {
      // The passage starts at the first word that matched, stemmed too.
      expect(outcome.hits.find((hit) => hit.documentId === "beta")?.snippet).toMatch(/^key/);
    }
    const asWritten = memoryBackend({ collections: { docs: documents }, stemming: "none" });
    expect(
      (await asWritten.searchPage(search("rotating keys"), testAttempt({ caller }))).kind,
    ).toBe("no_match");
    expect(() =>
      memoryBackend({ collections: {}, stemming: "snowball" as unknown as "porter" }),
    ).toThrow(/stemming/);
  });
});
