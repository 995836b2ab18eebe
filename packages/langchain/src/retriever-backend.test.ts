import type { CallbackManagerForRetrieverRun } from "@langchain/core/callbacks/manager";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import { Embeddings } from "@langchain/core/embeddings";
import { BaseRetriever } from "@langchain/core/retrievers";
import { FakeRetriever, FakeVectorStore } from "@langchain/core/utils/testing";
import { type BackendDocument, createDocsSearch, type PageRequest } from "@search-docs/core";
import {
  backendContract,
  type ContractDocument,
  contractDocuments,
  testAttempt,
  wordCountEmbedding,
} from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import { retrieverBackend } from "./retriever-backend.js";
import { createSearchDocsTool } from "./search-docs-tool.js";

// The contract runs on a real LangChain stack: documents in a vector store, embedded by word
// counts over the corpus vocabulary (deterministic, no model), read through a BaseRetriever that
// keeps what is similar at all — a word-count vector shares nothing with a text without its words.

class WordCountEmbeddings extends Embeddings {
  readonly #embed: (text: string) => number[];
  constructor(vocabulary: readonly string[]) {
    super({});
    this.#embed = wordCountEmbedding(vocabulary);
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map(this.#embed);
  }
  async embedQuery(text: string): Promise<number[]> {
    return this.#embed(text);
  }
}

class SimilarRetriever extends BaseRetriever {
  lc_namespace = ["search-docs", "test"];
  readonly #store: FakeVectorStore;
  constructor(store: FakeVectorStore) {
    super();
    this.#store = store;
  }
  async _getRelevantDocuments(
    query: string,
    _run?: CallbackManagerForRetrieverRun,
  ): Promise<DocumentInterface[]> {
    const scored = await this.#store.similaritySearchWithScore(
      query,
      this.#store.memoryVectors.length,
    );
    return scored
      .filter(([, score]) => score > 0)
      .sort(([, left], [, right]) => right - left)
      .map(
        ([document, score]) =>
          new Document({ ...document, metadata: { ...document.metadata, similarity: score } }),
      );
  }
}

function sectionDocuments(documents: readonly ContractDocument[]): Document[] {
  return documents.flatMap((document) =>
    document.sections.map(
      (section, position) =>
        new Document({
          pageContent: `${document.title}\n${section.heading}\n${section.body}`,
          metadata: {
            document_id: document.key,
            title: document.title,
            slug: document.slug,
            section: position + 1,
            updated_at: document.updated,
          },
        }),
    ),
  );
}

async function similarRetriever(documents: readonly ContractDocument[]): Promise<SimilarRetriever> {
  const chunks = sectionDocuments(documents);
  const vocabulary = [
    ...new Set(chunks.flatMap((chunk) => chunk.pageContent.toLowerCase().split(/\W+/))),
  ];
  const store = await FakeVectorStore.fromDocuments(chunks, new WordCountEmbeddings(vocabulary));
  return new SimilarRetriever(store);
}

/** A document loader over the same corpus, as an app would read its database. */
function loaderOf(documents: readonly ContractDocument[]) {
  return async ({ documentId }: { documentId: string }): Promise<BackendDocument | undefined> => {
    const document = documents.find((each) => each.key === documentId);
    return document === undefined
      ? undefined
      : {
          title: document.title,
          slug: document.slug,
          updated: document.updated,
          sections: document.sections.map((section, position) => ({
            section: String(position + 1),
            heading: section.heading,
            text: section.body,
          })),
        };
  };
}

describe("retrieverBackend: the backend contract, over a vector store retriever", () => {
  for (const check of backendContract(async (documents) => {
    const retriever = await similarRetriever(documents);
    return {
      backend: retrieverBackend(
        (collectionId) => (collectionId === "handbook" ? retriever : undefined),
        {
          scoreField: "similarity",
          getDocument: loaderOf(documents),
        },
      ),
      collectionId: "handbook",
      caller: { token: "reader-token-91fe" },
      missingCollectionId: "elsewhere",
      singlePage: true,
    };
  })) {
    it(check.name, check.run);
  }
});

const search = (query: string, pageSize = 20): PageRequest => ({
  collectionId: "handbook",
  query,
  pageSize,
  continuation: undefined,
});
const attempt = () => testAttempt({ caller: { token: "reader-token" } });

describe("retrieverBackend", () => {
  it("maps metadata fields and derives the score from rank when the retriever gives none", async () => {
    const retriever = new FakeRetriever({
      output: [
        new Document({
          pageContent: "first chunk",
          metadata: {
            id: 7,
            name: "Seven",
            part: "intro",
            changed: new Date("2026-02-03T00:00:00Z"),
          },
        }),
        new Document({ pageContent: "second chunk", metadata: { id: "eight" } }),
      ],
    });
    const backend = retrieverBackend(retriever, {
      titleField: "name",
      sectionField: "part",
      updatedField: "changed",
    });
    expect(await backend.searchPage(search("anything"), attempt())).toEqual({
      kind: "page",
      more: false,
      hits: [
        {
          documentId: "7",
          title: "Seven",
          snippet: "first chunk",
          score: 1,
          section: "intro",
          updated: "2026-02-03T00:00:00.000Z",
        },
        // No title field: the document is titled by its id.
        { documentId: "eight", title: "eight", snippet: "second chunk", score: 0.5 },
      ],
    });
  });

  it("takes the score field when every document has one, best first, and at most pageSize", async () => {
    const retriever = new FakeRetriever({
      output: [0.2, 0.9, 0.5].map(
        (score, index) =>
          new Document({ pageContent: `c${index}`, metadata: { document_id: `d${index}`, score } }),
      ),
    });
    const backend = retrieverBackend(retriever, { scoreField: "score" });
    const outcome = await backend.searchPage(search("q", 2), attempt());
    expect(
      outcome.kind === "page" && outcome.hits.map((hit) => [hit.documentId, hit.score]),
    ).toEqual([
      ["d1", 0.9],
      ["d2", 0.5],
    ]);
    // One document without a number there: rank decides for all, so the order stays one order.
    const mixed = new FakeRetriever({
      output: [
        new Document({ pageContent: "a", metadata: { document_id: "a", score: "high" } }),
        new Document({ pageContent: "b", metadata: { document_id: "b", score: 3 } }),
      ],
    });
    const ranked = await retrieverBackend(mixed, { scoreField: "score" }).searchPage(
      search("q"),
      attempt(),
    );
    expect(ranked.kind === "page" && ranked.hits.map((hit) => hit.score)).toEqual([1, 0.5]);
  });

  it("answers no_match for no documents, malformed for a document without an id", async () => {
    expect(
      await retrieverBackend(new FakeRetriever({ output: [] })).searchPage(search("q"), attempt()),
    ).toEqual({
      kind: "no_match",
    });
    const anonymous = new FakeRetriever({
      output: [new Document({ pageContent: "x", metadata: { title: "T" } })],
    });
    expect(await retrieverBackend(anonymous).searchPage(search("q"), attempt())).toMatchObject({
      kind: "failed",
      cause: "malformed",
      reason:
        "a retrieved document has no id: none of Document.id, metadata.document_id, metadata.source, metadata.id",
    });
  });

  it("passes the attempt's signal to the retriever, and settles when it fires even if the retriever does not", async () => {
    let seen: AbortSignal | undefined;
    const hanging = {
      invoke: (_query: string, options?: { signal?: AbortSignal }) => {
        seen = options?.signal;
        return new Promise<DocumentInterface[]>(() => {});
      },
    } as unknown as BaseRetriever;
    const controller = new AbortController();
    const given = testAttempt({ caller: { token: "reader-token" }, signal: controller.signal });
    const pending = retrieverBackend(hanging).searchPage(search("q"), given);
    controller.abort(new Error("caller left"));
    await expect(pending).rejects.toThrow("caller left");
    expect(seen).toBe(given.signal);
  });

  it("classifies what the retriever throws, and annotates the status", async () => {
    const throwing = (error: unknown) =>
      ({ invoke: () => Promise.reject(error) }) as unknown as BaseRetriever;
    const overloaded = Object.assign(new Error("Rate limit for key sk-live-123 exceeded"), {
      name: "RateLimitError",
      status: 429,
      headers: { "retry-after": "2" },
    });
    const given = attempt();
    const outcome = await retrieverBackend(throwing(overloaded)).searchPage(search("q"), given);
    expect(outcome).toEqual({
      kind: "overloaded",
      retryAfterMs: 2000,
      reason: "the retriever threw RateLimitError (HTTP 429)",
    });
    expect(JSON.stringify(outcome)).not.toContain("sk-live");
    expect(given.details).toEqual([{ status: 429 }]);
    expect(
      await retrieverBackend(throwing(new TypeError("fetch failed"))).searchPage(
        search("q"),
        attempt(),
      ),
    ).toEqual({
      kind: "transient",
      reason: "the retriever threw TypeError",
    });
  });

  it("answers a collection without a retriever, and a continuation, as failures", async () => {
    const backend = retrieverBackend(() => undefined);
    expect(await backend.searchPage(search("q"), attempt())).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
    });
    const single = retrieverBackend(new FakeRetriever({ output: [] }));
    expect(await single.searchPage({ ...search("q"), continuation: "2" }, attempt())).toMatchObject(
      {
        kind: "failed",
        cause: "rejected",
      },
    );
  });

  it("reads documents only through getDocument: without it, misconfigured; with it, bounded and classified", async () => {
    const request = { collectionId: "handbook", documentId: "key-rotation" };
    const bare = retrieverBackend(new FakeRetriever({ output: [] }));
    expect(await bare.getDocument(request, attempt())).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
    });
    const loaded = retrieverBackend(new FakeRetriever({ output: [] }), {
      getDocument: loaderOf(contractDocuments()),
    });
    expect(await loaded.getDocument(request, attempt())).toMatchObject({
      kind: "document",
      document: { title: "Rotating API signing keys" },
    });
    expect(await loaded.getDocument({ ...request, documentId: "nope" }, attempt())).toEqual({
      kind: "not_found",
    });
    expect(
      await loaded.getDocument(
        request,
        testAttempt({ caller: { token: "t" }, limits: { documentSections: 3 } }),
      ),
    ).toMatchObject({
      kind: "failed",
      cause: "too_large",
    });
    const denied = retrieverBackend(new FakeRetriever({ output: [] }), {
      getDocument: () =>
        Promise.reject(Object.assign(new Error("no"), { response: { status: 403 } })),
    });
    expect(await denied.getDocument(request, attempt())).toMatchObject({ kind: "forbidden" });
  });

  it("refuses something that is not a retriever with a ConfigurationError", () => {
    expect(() => retrieverBackend({} as BaseRetriever)).toThrow(/must be a LangChain retriever/);
  });
});

describe("createDocsSearch({ backend: retrieverBackend(...) })", () => {
  it("answers the LangChain tool from the retriever, and get_document through the loader", async () => {
    const documents = contractDocuments();
    const retriever = await similarRetriever(documents);
    const docs = createDocsSearch({
      backend: retrieverBackend(retriever, {
        scoreField: "similarity",
        getDocument: loaderOf(documents),
      }),
      areas: { handbook: ["handbook"] },
    });
    const tool = createSearchDocsTool(docs, { caller: { token: "reader-token-91fe" } });
    const content = await tool.invoke({ query: "heliograph console" });
    const output = JSON.parse(typeof content === "string" ? content : String(content));
    expect(output.status).toBe("ok");
    expect(output.results[0]).toMatchObject({ title: "Updating the public status page" });
    const read = await docs.getDocument(
      { ref: output.results[0].ref },
      { caller: { token: "reader-token-91fe" } },
    );
    expect(read.output).toMatchObject({ status: "ok", title: "Updating the public status page" });
    const none = await docs.search(
      { query: "quokka xylophone" },
      { caller: { token: "reader-token-91fe" } },
    );
    expect(none.output.status).toBe("no_matches");
  });

  it("answers unavailable, never no_matches, when the retriever's store is gone", async () => {
    const gone = {
      invoke: () => Promise.reject(Object.assign(new Error("index not found"), { status: 404 })),
    };
    const docs = createDocsSearch({
      backend: retrieverBackend(gone as unknown as BaseRetriever),
      areas: { handbook: ["handbook"] },
    });
    const { output, trace } = await docs.search(
      { query: "anything" },
      { caller: { token: "reader-token-91fe" } },
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ kind: "misconfigured" }]);
  });
});
