import { createDocsSearch } from "@search-docs/core";
import type { QueryEmbed } from "@search-docs/core/meilisearch";
import { meilisearchBackend } from "@search-docs/core/meilisearch";
import { contractDocuments } from "@search-docs/core/testing";
import {
  docSearchRecordsOf,
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeMeilisearch,
} from "@search-docs/test-servers";
import { embed } from "ai";
import { MockEmbeddingModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The AI SDK's `embed` with an EmbeddingModel is the app's query embedder for a semantic first
// stage in one line, its abort signal the attempt's: here a mock embedding model (a hashed bag of
// words, no provider) feeding Meilisearch's hybrid search on the fake engine. Semantic quality is
// not measured here.

const dimensions = 16;
const unreachable = "zebra quasar";
const base = docSearchRecordsOf(contractDocuments(), "underscored");
const records = base.map((record, index) => ({
  ...record,
  _vectors: {
    docs: hashedEmbedding(index === 0 ? unreachable : String(record.content), dimensions),
  },
}));
let engine: FakeHostedEngine;

beforeAll(async () => {
  engine = await startFakeMeilisearch({
    indexes: { docs: records },
    keys: [{ key: "plain-key", uid: "plain", indexes: ["docs"] }],
    searchableAttributes: ["hierarchy_lvl1", "hierarchy_lvl2", "content"],
    filterableAttributes: ["url_without_anchor"],
    embedders: { docs: { source: "userProvided", dimensions } },
  });
});
afterAll(() => engine.close());

describe("the AI SDK's embed as the query embedder", () => {
  it("embeds the user's words inside the attempt and finds the section only the vector reaches", async () => {
    const calls: { values: string[]; aborted: boolean | undefined }[] = [];
    const model = new MockEmbeddingModelV4({
      doEmbed: async ({ values, abortSignal }) => {
        calls.push({ values, aborted: abortSignal?.aborted });
        return {
          embeddings: values.map((value) => hashedEmbedding(value, dimensions)),
          warnings: [],
        };
      },
    });
    const embedQuery: QueryEmbed = async (text, { signal }) =>
      (await embed({ model, value: text, abortSignal: signal, maxRetries: 0 })).embedding;
    const docs = createDocsSearch({
      backend: meilisearchBackend({
        url: engine.urls[0] ?? "",
        semantic: { embedder: "docs", semanticRatio: 1, embed: embedQuery },
      }),
      areas: { handbook: ["docs"] },
    });
    const { output } = await docs.search(
      { query: unreachable },
      { caller: { token: "plain-key" } },
    );
    expect(output.status).toBe("ok");
    expect(output.results[0]?.title).toBe(String(base[0]?.hierarchy_lvl1));
    expect(calls).toEqual([{ values: [unreachable], aborted: false }]);
  });

  it("a model that fails is unavailable with the error's type in the trace, never no_matches", async () => {
    const model = new MockEmbeddingModelV4({
      doEmbed: async () => {
        throw new Error("provider down");
      },
    });
    const docs = createDocsSearch({
      backend: meilisearchBackend({
        url: engine.urls[0] ?? "",
        semantic: {
          embedder: "docs",
          embed: async (text, { signal }) =>
            (await embed({ model, value: text, abortSignal: signal, maxRetries: 0 })).embedding,
        },
      }),
      areas: { handbook: ["docs"] },
      retry: { baseDelayMs: 2, maxDelayMs: 10 },
    });
    const { output, trace } = await docs.search(
      { query: unreachable },
      { caller: { token: "plain-key" } },
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]?.reason).toMatch(/^query embedding failed \(\w+\)/);
  });
});
