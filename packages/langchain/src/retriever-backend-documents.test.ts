import { MemoryVectorStore } from "@langchain/classic/vectorstores/memory";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import { Embeddings } from "@langchain/core/embeddings";
import { createDocsSearch } from "@search-docs/core";
import { testAttempt, wordCountEmbedding } from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import { retrieverBackend } from "./retriever-backend.js";

// Issue 29's row: a retriever over a vector store or loaded files. Loaders set `metadata.source`
// (TextLoader, DirectoryLoader: the file's path), vector stores a top-level `Document.id`; the
// backend reads the id where LangChain writes it, without a `documentIdField`.

const vocabulary = ["rotate", "keys", "vault", "laptop", "vpn", "incident", "pager", "escalate"];

class WordCountEmbeddings extends Embeddings {
  readonly #embed = wordCountEmbedding(vocabulary);
  constructor() {
    super({});
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map(this.#embed);
  }
  async embedQuery(text: string): Promise<number[]> {
    return this.#embed(text);
  }
}

/** As DirectoryLoader + TextLoader hand them over: the text, and the file's path as `source`. */
const loaded = [
  new Document({
    pageContent: "Rotate keys in the vault every quarter; rotate keys at once after an incident.",
    metadata: { source: "docs/runbooks/key-rotation.md" },
  }),
  new Document({
    pageContent: "Your laptop arrives with the VPN client installed.",
    metadata: { source: "docs/onboarding/first-day.md" },
  }),
  new Document({
    pageContent: "Page the on-call engineer, then escalate the incident after 15 minutes.",
    metadata: { source: "docs/runbooks/incident-pager.md" },
  }),
];

async function storeOf(documents: DocumentInterface[]) {
  const store = new MemoryVectorStore(new WordCountEmbeddings());
  await store.addDocuments(documents);
  return store;
}

const caller = { caller: { token: "anyone" } };

describe("retrieverBackend reads ids as LangChain writes them", () => {
  it("loader documents in a MemoryVectorStore: the id is metadata.source, and search_docs answers ok", async () => {
    const store = await storeOf(loaded);
    const docs = createDocsSearch({
      backend: retrieverBackend(store.asRetriever({ k: 2 })),
      areas: { docs: ["all"] },
    });
    const { output, trace } = await docs.search({ query: "how do I rotate keys" }, caller);
    expect(output.status).toBe("ok");
    expect(trace.failures).toEqual([]);
    expect(output.results[0]).toMatchObject({
      area: "docs",
      // No title in a loader's metadata: the document is titled by its id, the file's path.
      title: "docs/runbooks/key-rotation.md",
    });
  });

  it("Document.id first (a vector store's own id), then metadata document_id, source, id", async () => {
    const store = await storeOf([
      new Document({
        id: "page-7",
        pageContent: "rotate keys",
        metadata: { document_id: "x", source: "y", id: "z" },
      }),
      new Document({ pageContent: "vault keys", metadata: { document_id: "doc-8", source: "y" } }),
      new Document({ pageContent: "laptop vpn", metadata: { source: "a.md", id: "z" } }),
      new Document({ pageContent: "incident pager", metadata: { id: 9 } }),
    ]);
    const backend = retrieverBackend(store.asRetriever({ k: 4 }));
    const ids = async (query: string) => {
      const outcome = await backend.searchPage(
        { collectionId: "all", query, pageSize: 4, continuation: undefined },
        testAttempt({ caller: { token: "anyone" } }),
      );
      return outcome.kind === "page" ? outcome.hits[0]?.documentId : outcome.kind;
    };
    expect(await ids("rotate")).toBe("page-7");
    expect(await ids("vault")).toBe("doc-8");
    expect(await ids("laptop vpn")).toBe("a.md");
    expect(await ids("incident pager")).toBe("9");
  });

  it("the order is overridable: one metadata field, or a function", async () => {
    const store = await storeOf([
      new Document({
        id: "chunk-1",
        pageContent: "rotate keys",
        metadata: { source: "docs/runbooks/key-rotation.md", page: "key-rotation" },
      }),
    ]);
    const first = async (options: Parameters<typeof retrieverBackend>[1]) => {
      const outcome = await retrieverBackend(store.asRetriever({ k: 1 }), options).searchPage(
        { collectionId: "all", query: "rotate", pageSize: 4, continuation: undefined },
        testAttempt({ caller: { token: "anyone" } }),
      );
      return outcome.kind === "page" ? outcome.hits[0]?.documentId : outcome;
    };
    expect(await first({})).toBe("chunk-1");
    expect(await first({ documentIdField: "page" })).toBe("key-rotation");
    expect(
      await first({ documentIdField: (document) => document.metadata.source?.split("/").at(-1) }),
    ).toBe("key-rotation.md");
    // A field that is not there is a setup mistake, never a quiet gap.
    expect(await first({ documentIdField: "document_id" })).toMatchObject({
      kind: "failed",
      cause: "malformed",
      reason: "a retrieved document has no id: none of metadata.document_id",
    });
  });
});
