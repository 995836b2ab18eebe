import { Embeddings } from "@langchain/core/embeddings";
import { createDocsSearch } from "@search-docs/core";
import { contractDocuments } from "@search-docs/core/testing";
import { typesenseBackend } from "@search-docs/core/typesense";
import {
  docSearchRecordsOf,
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A LangChain `Embeddings` is the app's query embedder for a semantic first stage in one line,
// `(text) => embeddings.embedQuery(text)`: here one whose vectors are a hashed bag of words (no
// provider) feeding Typesense's vector search on the fake engine. Semantic quality is not
// measured here.

const dimensions = 16;
const unreachable = "zebra quasar";
const base = docSearchRecordsOf(contractDocuments(), "dotted");
const records = base.map((record, index) => ({
  ...record,
  embedding: hashedEmbedding(index === 0 ? unreachable : String(record.content), dimensions),
}));

class HashedEmbeddings extends Embeddings {
  readonly queries: string[] = [];
  async embedDocuments(documents: string[]): Promise<number[][]> {
    return documents.map((document) => hashedEmbedding(document, dimensions));
  }
  async embedQuery(document: string): Promise<number[]> {
    this.queries.push(document);
    return hashedEmbedding(document, dimensions);
  }
}

let engine: FakeHostedEngine;

beforeAll(async () => {
  engine = await startFakeTypesense({
    collections: { docs: records },
    keys: { "plain-key": { collections: ["docs"] } },
    fields: [
      ...[0, 1, 2, 3, 4, 5, 6].map((level) => `hierarchy.lvl${level}`),
      "content",
      "url_without_anchor",
    ],
    vectorFields: { embedding: { dimensions } },
  });
});
afterAll(() => engine.close());

describe("LangChain's Embeddings.embedQuery as the query embedder", () => {
  it("finds the section only the vector reaches, the user's words embedded once per attempt", async () => {
    const embeddings = new HashedEmbeddings({});
    const docs = createDocsSearch({
      backend: typesenseBackend({
        url: engine.urls[0] ?? "",
        semantic: {
          field: "embedding",
          mode: "semantic",
          embed: (text) => embeddings.embedQuery(text),
        },
      }),
      areas: { handbook: ["docs"] },
    });
    const { output } = await docs.search(
      { query: unreachable },
      { caller: { token: "plain-key" } },
    );
    expect(output.status).toBe("ok");
    expect(output.results[0]?.title).toBe(String(base[0]?.["hierarchy.lvl1"]));
    expect(embeddings.queries).toEqual([unreachable]);
  });
});
