import { describe, expect, it } from "vitest";
import type { BackendFailure, PageRequest } from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { backendContract } from "./backend-contract.js";
import { type ContractDocument, contractDocuments } from "./contract-documents.js";
import { type MemoryDocument, memoryBackend } from "./memory-backend.js";
import { testAttempt } from "./test-attempt.js";

const caller = { token: "reader-token-5d1e" };

function asMemoryDocuments(documents: readonly ContractDocument[]): MemoryDocument[] {
  return documents.map(({ key, ...document }) => ({ id: key, ...document }));
}

describe("memoryBackend: the backend contract", () => {
  for (const check of backendContract(async (documents) => ({
    backend: memoryBackend({
      collections: { handbook: asMemoryDocuments(documents), secrets: [] },
      readers: { secrets: ["admin-token-77a0"] },
    }),
    collectionId: "handbook",
    caller,
    missingCollectionId: "no-such-collection",
    forbiddenCollectionId: "secrets",
  }))) {
    it(check.name, check.run);
  }
});

describe("memoryBackend: the contract with a { headers } caller", () => {
  for (const check of backendContract(async (documents) => ({
    backend: memoryBackend({
      collections: { handbook: asMemoryDocuments(documents), secrets: [] },
      readers: { handbook: ["header-token-2b9c"], secrets: ["admin-token-77a0"] },
    }),
    collectionId: "handbook",
    caller: { headers: { Authorization: "Bearer header-token-2b9c" } },
    missingCollectionId: "no-such-collection",
    forbiddenCollectionId: "secrets",
  }))) {
    it(check.name, check.run);
  }
});

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

describe("memoryBackend", () => {
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

  it("pages by offset: next continues where the page ended, the last page says more: false", async () => {
    const backend = memoryBackend({ collections: { docs: documents } });
    const first = await backend.searchPage(
      search("key rotation", { pageSize: 1 }),
      testAttempt({ caller }),
    );
    expect(first).toMatchObject({ kind: "page", more: true, next: "1" });
    const second = await backend.searchPage(
      search("key rotation", { pageSize: 1, continuation: "1" }),
      testAttempt({ caller }),
    );
    expect(second).toMatchObject({ kind: "page", more: true, next: "2" });
    const third = await backend.searchPage(
      search("key rotation", { pageSize: 1, continuation: "2" }),
      testAttempt({ caller }),
    );
    expect(third).toEqual({
      kind: "page",
      hits: [expect.objectContaining({ documentId: "alpha", section: "2" })],
      more: false,
    });
    const garbled = await backend.searchPage(
      search("key", { continuation: "x1" }),
      testAttempt({ caller }),
    );
    expect(garbled).toMatchObject({ kind: "failed", cause: "rejected" });
  });

  it("never pages past limits.pageItems", async () => {
    const backend = memoryBackend({ collections: { docs: documents } });
    const outcome = await backend.searchPage(
      search("key"),
      testAttempt({ caller, limits: { pageItems: 1 } }),
    );
    expect(outcome).toMatchObject({ kind: "page", more: true, next: "1" });
    expect(outcome.kind === "page" && outcome.hits).toHaveLength(1);
  });

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

  it("answers a collection it does not hold as misconfigured, never as empty", async () => {
    const backend = memoryBackend({ collections: { docs: documents } });
    expect(
      await backend.searchPage(search("key", { collectionId: "nope" }), testAttempt({ caller })),
    ).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
    });
    expect(
      await backend.getDocument(
        { collectionId: "nope", documentId: "alpha" },
        testAttempt({ caller }),
      ),
    ).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
    });
  });

  it("plays a queue of failures one per attempt, then answers as usual", async () => {
    const queue: BackendFailure[] = [
      { kind: "overloaded", retryAfterMs: 200 },
      { kind: "rebuilding" },
    ];
    const backend = memoryBackend({ collections: { docs: documents }, failures: { docs: queue } });
    expect(await backend.searchPage(search("key"), testAttempt({ caller }))).toEqual({
      kind: "overloaded",
      retryAfterMs: 200,
    });
    expect(
      await backend.getDocument(
        { collectionId: "docs", documentId: "alpha" },
        testAttempt({ caller }),
      ),
    ).toEqual({
      kind: "rebuilding",
    });
    expect((await backend.searchPage(search("key"), testAttempt({ caller }))).kind).toBe("page");
    // The caller's array is the script, not the backend's state: it is left as it was.
    expect(queue).toHaveLength(2);
  });

  it("plays one failure on every attempt, or asks a function per request", async () => {
    const always = memoryBackend({
      collections: { docs: documents },
      failures: { docs: { kind: "failed", cause: "malformed", reason: "scripted" } },
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await always.searchPage(search("key"), testAttempt({ caller }))).kind).toBe("failed");
    }
    const asked: string[] = [];
    const chooser = memoryBackend({
      collections: { docs: documents },
      failures: {
        docs: (request) => {
          asked.push(request.operation);
          return request.operation === "search" && request.continuation !== undefined
            ? { kind: "stale_continuation" }
            : undefined;
        },
      },
    });
    expect(
      (await chooser.searchPage(search("key", { pageSize: 1 }), testAttempt({ caller }))).kind,
    ).toBe("page");
    expect(
      await chooser.searchPage(
        search("key", { pageSize: 1, continuation: "1" }),
        testAttempt({ caller }),
      ),
    ).toEqual({
      kind: "stale_continuation",
    });
    await chooser.getDocument(
      { collectionId: "docs", documentId: "alpha" },
      testAttempt({ caller }),
    );
    expect(asked).toEqual(["search", "search", "document"]);
  });

  it("checks readers: a listed collection is forbidden to others, an unlisted one open", async () => {
    const backend = memoryBackend({
      collections: { docs: documents, private: documents },
      readers: { private: ["admin-token"] },
    });
    const as = (token: string) => testAttempt({ caller: { token } });
    expect((await backend.searchPage(search("key"), as("reader-token"))).kind).toBe("page");
    expect(
      await backend.searchPage(search("key", { collectionId: "private" }), as("reader-token")),
    ).toMatchObject({
      kind: "forbidden",
    });
    expect(
      (await backend.searchPage(search("key", { collectionId: "private" }), as("admin-token")))
        .kind,
    ).toBe("page");
    expect((await backend.searchPage(search("key"), as("stranger-token"))).kind).toBe("page");
    const refused = await backend.getDocument(
      { collectionId: "private", documentId: "alpha" },
      as("stranger-token"),
    );
    expect(refused).toMatchObject({ kind: "forbidden" });
    expect(JSON.stringify(refused)).not.toContain("stranger-token");
    const byHeader = testAttempt({ caller: { headers: { Authorization: "Bearer admin-token" } } });
    expect(
      (await backend.searchPage(search("key", { collectionId: "private" }), byHeader)).kind,
    ).toBe("page");
  });

  it("answers delayMs late, and rejects with the signal's reason the moment it fires", async () => {
    const backend = memoryBackend({ collections: { docs: documents }, delayMs: 60 });
    const started = Date.now();
    expect((await backend.searchPage(search("key"), testAttempt({ caller }))).kind).toBe("page");
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const controller = new AbortController();
    const pending = backend.searchPage(
      search("key"),
      testAttempt({ caller, signal: controller.signal }),
    );
    const reason = new Error("caller gave up");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("hangs until aborted, or forever when told to ignore its signal", async () => {
    const hanging = memoryBackend({ collections: { docs: documents }, hang: "until-aborted" });
    const timedOut = hanging.searchPage(search("key"), testAttempt({ caller, timeoutMs: 30 }));
    await expect(timedOut).rejects.toMatchObject({ name: "TimeoutError" });
    const deaf = memoryBackend({ collections: { docs: documents }, hang: "forever" });
    const never = deaf.getDocument(
      { collectionId: "docs", documentId: "alpha" },
      testAttempt({ caller, timeoutMs: 10 }),
    );
    const outcome = await Promise.race([
      never.then(() => "settled"),
      new Promise((resolve) => setTimeout(resolve, 80, "hung")),
    ]);
    expect(outcome).toBe("hung");
  });

  it("refuses duplicate or empty document ids and bad numbers with a ConfigurationError", () => {
    const twice = () =>
      memoryBackend({
        collections: { docs: [documents[0] as MemoryDocument, documents[0] as MemoryDocument] },
      });
    expect(twice).toThrow(ConfigurationError);
    expect(twice).toThrow(/share the id "alpha"/);
    expect(() =>
      memoryBackend({ collections: { docs: [{ id: "", title: "x", sections: [] }] } }),
    ).toThrow(ConfigurationError);
    expect(() => memoryBackend({ collections: {}, delayMs: -1 })).toThrow(ConfigurationError);
    expect(() => memoryBackend({ collections: {}, titleWeight: 1.5 })).toThrow(ConfigurationError);
  });

  it("loads the contract corpus so its facts hold", async () => {
    const backend = memoryBackend({
      collections: { docs: asMemoryDocuments(contractDocuments()) },
    });
    const outcome = await backend.searchPage(search("heliograph"), testAttempt({ caller }));
    expect(
      outcome.kind === "page" && outcome.hits.map((hit) => [hit.documentId, hit.section]),
    ).toEqual([["status-page", "2"]]);
  });
});
