import type { DocumentInterface } from "@langchain/core/documents";
import { BaseDocumentCompressor } from "@langchain/core/retrievers/document_compressors";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { documentCompressorReranker } from "./document-compressor-reranker.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const caller = () => ({ caller: { token: fake.service.tokens.everything } });
const query = { query: "rotate a service account key", area: "runbooks" };

/** Keeps the documents that mention a word, in reverse, as a reranking compressor would. */
class KeepingCompressor extends BaseDocumentCompressor {
  calls: Array<{ query: string; documents: string[] }> = [];
  constructor(readonly word: string) {
    super();
  }
  async compressDocuments(documents: DocumentInterface[], query: string) {
    this.calls.push({ query, documents: documents.map((document) => document.pageContent) });
    return documents
      .filter((document) => document.pageContent.toLowerCase().includes(this.word))
      .reverse();
  }
}

describe("documentCompressorReranker", () => {
  it("puts what the compressor returns first, in its order, and the rest after in lexical order", async () => {
    const compressor = new KeepingCompressor("leaked");
    const docs = createTestDocsSearch(fake.service, {
      reranker: documentCompressorReranker(compressor, { shortlist: 8 }),
    });
    const { output, trace } = await docs.search(query, caller());
    expect(compressor.calls).toHaveLength(1);
    expect(compressor.calls[0]?.documents).toHaveLength(8);
    const kept = (compressor.calls[0]?.documents ?? []).filter((text) => text.includes("leaked"));
    expect(kept.length).toBeGreaterThan(0);
    expect(output.results[0]?.title).toBe(kept.at(-1)?.split("\n")[0]);
    expect(
      trace.notes.some((note) => note.startsWith("langchain KeepingCompressor: reordered")),
    ).toBe(true);
  });

  it("keeps the lexical order, traced, when the compressor throws or never answers", async () => {
    const lexical = await createTestDocsSearch(fake.service).search(query, caller());
    class Failing extends BaseDocumentCompressor {
      async compressDocuments(): Promise<DocumentInterface[]> {
        throw new Error("cross-encoder unreachable");
      }
    }
    class Hanging extends BaseDocumentCompressor {
      compressDocuments(): Promise<DocumentInterface[]> {
        return new Promise(() => {});
      }
    }
    for (const [compressor, said] of [
      [new Failing(), "failed (Error)"],
      [new Hanging(), "timed out after 50 ms"],
    ] as const) {
      const docs = createTestDocsSearch(fake.service, {
        reranker: documentCompressorReranker(compressor, { timeoutMs: 50 }),
      });
      const { output, trace } = await docs.search(query, caller());
      expect(output.results).toEqual(lexical.output.results);
      expect(trace.notes.some((note) => note.includes(`${said}; lexical order kept`))).toBe(true);
    }
  });
});
