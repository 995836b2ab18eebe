import { describe, expect, it } from "vitest";
import type { PageRequest } from "../backend/search-backend.js";
import { createDocsSearch } from "../create-docs-search.js";
import { type MemoryDocument, memoryBackend } from "./memory-backend.js";
import { testAttempt } from "./test-attempt.js";

const caller = { token: "reader-token-5d1e" };

const documents: MemoryDocument[] = [
  {
    id: "alpha",
    title: "Alpha rotation",
    slug: "alpha",
    updated: "2026-01-01",
    sections: [
      { heading: "One", body: "rotate the signing key every quarter" },
      { heading: "Two", body: "nothing about it here" },
    ],
  },
  {
    id: "beta",
    title: "Beta",
    sections: [{ heading: "Only", body: "key key key rotation" }],
  },
];

const search = (query: string, extra: Partial<PageRequest> = {}): PageRequest => ({
  collectionId: "docs",
  query,
  pageSize: 20,
  continuation: undefined,
  ...extra,
});

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

  // A hand-made pair of collections: "eviction" is in one section of the whole backend, the
  // answer; "timeout" is in three, but in only one of the bigger collection's six.
  const section = (id: string, title: string, heading: string, body: string): MemoryDocument => ({
    id,
    title,
    sections: [{ heading, body }],
  });
  const notes = [
    section("cleanup", "Cleanup", "Policy", "eviction drops the oldest pages first"),
    section("deadlines", "Deadlines", "Requests", "a request timeout ends the call"),
    section("retries", "Retries", "Backoff", "retry once after a timeout"),
  ];
  const manual = [
    section("proxy", "Proxy", "Upstream", "the proxy timeout is thirty seconds"),
    section("sizing", "Sizing", "Memory", "hot pages stay in memory"),
    section("warmup", "Warmup", "Start", "the store fills on start"),
    section("keys", "Keys", "Hashing", "keys are hashed"),
    section("logging", "Logging", "Levels", "log levels and files"),
    section("backups", "Backups", "Schedule", "backups run nightly"),
  ];
  const scoreOf = async (
    collections: Record<string, MemoryDocument[]>,
    collectionId: string,
    documentId: string,
  ) => {
    const outcome = await memoryBackend({ collections }).searchPage(
      search("eviction timeout", { collectionId }),
      testAttempt({ caller }),
    );
    return outcome.kind === "page"
      ? outcome.hits.find((hit) => hit.documentId === documentId)?.score
      : undefined;
  };

  it("scores a section by the whole backend's statistics, the same whichever collection holds it", async () => {
    const split = await scoreOf({ notes, manual }, "notes", "cleanup");
    const whole = await scoreOf({ everything: [...notes, ...manual] }, "everything", "cleanup");
    expect(split).toBeGreaterThan(0);
    expect(split).toBeCloseTo(whole ?? 0, 12);
    // The word the whole backend rarely holds outranks the one only the big collection rarely holds.
    expect(split).toBeGreaterThan((await scoreOf({ notes, manual }, "manual", "proxy")) ?? 0);
  });

  it("answers the section with the backend's rarest word first, across collections, through core", async () => {
    const docs = createDocsSearch({
      backend: memoryBackend({ collections: { notes, manual } }),
      areas: { handbook: ["notes", "manual"] },
      random: () => 0,
    });
    const { output } = await docs.search(
      { query: "eviction timeout", area: "handbook" },
      { caller },
    );
    // The rest tie upstream; the order among them is the reranker's, not this rule's.
    expect(output.results.map((result) => result.title)[0]).toBe("Cleanup");
    expect(output.results).toHaveLength(4);
  });
});
