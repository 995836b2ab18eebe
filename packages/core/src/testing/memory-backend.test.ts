import { describe, expect, it } from "vitest";
import { caller, documents, search } from "../__fixtures__/memory-documents.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { backendContract } from "./backend-contract.js";
import { type ContractDocument, contractDocuments } from "./contract-documents.js";
import { type MemoryDocument, memoryBackend } from "./memory-backend.js";
import { testAttempt } from "./test-attempt.js";

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

describe("memoryBackend", () => {
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
