import {
  docSearchRecordsOf,
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeMeilisearch,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { contractDocuments } from "../testing/contract-documents.js";
import { testAttempt } from "../testing/test-attempt.js";
import { backendConfig } from "./backend-config.js";

// The engine-side semantic stages from the environment: an embedder (Meilisearch) or an
// auto-embedding field (Typesense) named by a variable makes every search hybrid, the engine
// embedding the query; unset, the request is the words-only one it was.

const dimensions = 16;
const areas = '{"docs":["docs"]}';
const page = { collectionId: "docs", query: "zebra quasar", pageSize: 20, continuation: undefined };
let engine: FakeHostedEngine | undefined;

afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function opened(environment: Record<string, string>) {
  const config = backendConfig({
    environment: { SEARCH_DOCS_AREAS: areas, ...environment },
    mode: "one-user",
  });
  if (config === undefined) throw new Error("no engine configured");
  return (await config.open()).backend;
}

describe("semantic search from the environment", () => {
  it("SEARCH_DOCS_MEILISEARCH_EMBEDDER (and its ratio) make each search hybrid", async () => {
    engine = await startFakeMeilisearch({
      indexes: { docs: docSearchRecordsOf(contractDocuments(), "underscored") },
      keys: [{ key: "k", uid: "k", indexes: ["docs"] }],
      searchableAttributes: ["content"],
      filterableAttributes: [],
      embedders: {
        own: { source: "rest", dimensions, embed: (text) => hashedEmbedding(text, dimensions) },
      },
    });
    const url = engine.urls[0] ?? "";
    const environment = { SEARCH_DOCS_MEILISEARCH_URL: url, SEARCH_DOCS_MEILISEARCH_API_KEY: "k" };
    const hybrid = await opened({
      ...environment,
      SEARCH_DOCS_MEILISEARCH_EMBEDDER: "own",
      SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO: "0.7",
    });
    await hybrid.searchPage(page, testAttempt({ caller: { token: "k" } }));
    expect(engine.requests.at(-1)?.body).toMatchObject({
      hybrid: { embedder: "own", semanticRatio: 0.7 },
    });
    const words = await opened(environment);
    await words.searchPage(page, testAttempt({ caller: { token: "k" } }));
    expect(engine.requests.at(-1)?.body).not.toHaveProperty("hybrid");
  });

  it("SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD makes each search a hybrid multi_search on that field", async () => {
    engine = await startFakeTypesense({
      collections: { docs: docSearchRecordsOf(contractDocuments(), "dotted") },
      keys: { k: { collections: ["docs"] } },
      fields: [...[0, 1, 2, 3, 4, 5, 6].map((level) => `hierarchy.lvl${level}`), "content"],
      vectorFields: {
        embedding: { dimensions, embed: (text) => hashedEmbedding(text, dimensions) },
      },
    });
    const backend = await opened({
      SEARCH_DOCS_TYPESENSE_URL: engine.urls[0] ?? "",
      SEARCH_DOCS_TYPESENSE_API_KEY: "k",
      SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD: "embedding",
    });
    await backend.searchPage(page, testAttempt({ caller: { token: "k" } }));
    const request = engine.requests.at(-1);
    expect(request?.path).toBe("/multi_search");
    expect((request?.body as { searches?: object[] } | undefined)?.searches?.[0]).toMatchObject({
      query_by: expect.stringMatching(/,embedding$/),
      vector_query: "embedding:([], k: 100)",
    });
  });

  it("refuses a ratio out of range, or a ratio without an embedder, naming the variable", () => {
    const base = {
      SEARCH_DOCS_AREAS: areas,
      SEARCH_DOCS_MEILISEARCH_URL: "http://127.0.0.1:7700",
      SEARCH_DOCS_MEILISEARCH_API_KEY: "k",
    };
    for (const extra of [
      { SEARCH_DOCS_MEILISEARCH_EMBEDDER: "own", SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO: "1.5" },
      { SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO: "0.5" },
    ]) {
      expect(() => backendConfig({ environment: { ...base, ...extra }, mode: "one-user" })).toThrow(
        /SEARCH_DOCS_MEILISEARCH_SEMANTIC_RATIO/,
      );
      try {
        backendConfig({ environment: { ...base, ...extra }, mode: "one-user" });
      } catch (error) {
        expect(ConfigurationError.isInstance(error)).toBe(true);
      }
    }
  });
});
