import {
  type FakeElasticsearch,
  hashedEmbedding,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { testAttempt } from "../testing/test-attempt.js";
import { type ElasticsearchBackendOptions, elasticsearchBackend } from "./elasticsearch-backend.js";

// Elasticsearch's and OpenSearch's semantic first stages against the fake cluster, with fixed
// vectors in the records and a deterministic embedder (a hashed bag of words): each request's body
// (knn with the app's vector or a model in the cluster, semantic on a semantic_text field, RRF
// over the lexical query), that the vector side reaches a section no query word is in, that the
// caller's privileges still decide, and each failure — a field that is not a vector field, a wrong
// dimension, a license without RRF — read as `unavailable` with the cause in the trace, never
// `no_matches`. Semantic quality is not measured here.

const dimensions = 16;
const unreachable = "zebra quasar";
const embed = async (text: string) => hashedEmbedding(text, dimensions);
const indices = sampleElasticsearchIndices();
const runbooks = indices["docs-runbooks"] ?? [];
// One section's vector is a phrase no record holds: only the vector side can find it.
const target = runbooks[3] ?? {};
const withVectors = Object.fromEntries(
  Object.entries(indices).map(([name, records]) => [
    name,
    records.map((record) => ({
      ...record,
      embedding: hashedEmbedding(record === target ? unreachable : String(record.body), dimensions),
      body_semantic: record === target ? unreachable : record.body,
    })),
  ]),
);
const caller = { headers: { authorization: "ApiKey reader" } };
let fake: FakeElasticsearch;
let licensed: FakeElasticsearch;

async function cluster(
  rrfLicensed: boolean,
  flavor: "elasticsearch" | "opensearch" = "elasticsearch",
) {
  return startFakeElasticsearch({
    flavor,
    indices: withVectors,
    users: { "ApiKey reader": { name: "reader", read: ["docs-runbooks"] } },
    vectors: {
      fields: {
        embedding: { type: "dense_vector", dims: dimensions },
        body_semantic: {
          type: "semantic_text",
          embed: (text) => hashedEmbedding(text, dimensions),
        },
      },
      models: { "hashed-bow": (text) => hashedEmbedding(text, dimensions) },
      rrfLicensed,
    },
  });
}

beforeAll(async () => {
  licensed = await cluster(true);
  fake = await cluster(false);
});
afterAll(async () => {
  await licensed.close();
  await fake.close();
});

type Semantic = ElasticsearchBackendOptions["semantic"];
const page = {
  collectionId: "docs-runbooks",
  query: unreachable,
  pageSize: 20,
  continuation: undefined,
};
const attempt = () => testAttempt({ caller });
const targetId = String(target.document_id);

function backend(semantic: Semantic, on: FakeElasticsearch = licensed) {
  return elasticsearchBackend({
    url: on.url,
    semantic,
    flavor: on === fake ? "elasticsearch" : undefined,
  });
}

function lastBody(on: FakeElasticsearch = licensed): Record<string, unknown> {
  return JSON.parse(on.requests.at(-1)?.body ?? "{}");
}

async function firstHit(semantic: Semantic, on?: FakeElasticsearch) {
  const outcome = await backend(semantic, on).searchPage(page, attempt());
  if (outcome.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(outcome)}`);
  return outcome.hits[0]?.documentId;
}

function docsOver(semantic: Semantic, on: FakeElasticsearch = licensed) {
  return createDocsSearch({
    backend: backend(semantic, on),
    areas: { runbooks: ["docs-runbooks"] },
    limits: { deadlineMs: 2000, conflictWaitMs: 100 },
    retry: { baseDelayMs: 2, maxDelayMs: 10 },
  });
}

describe("elasticsearchBackend semantic", () => {
  it("knn with the app's vector: the lexical query gives way to knn, the page, source, highlight and timeout stay", async () => {
    const one = attempt();
    const signals: AbortSignal[] = [];
    await backend({
      query: "knn",
      field: "embedding",
      k: 30,
      embed: async (text, { signal }) => {
        signals.push(signal);
        return embed(text);
      },
    }).searchPage(page, one);
    const body = lastBody();
    expect(body.query).toBeUndefined();
    expect(body.knn).toEqual({
      field: "embedding",
      query_vector: hashedEmbedding(unreachable, dimensions),
      k: 30,
      num_candidates: 100,
    });
    expect(body).toMatchObject({ from: 0, size: 20, highlight: { fields: { body: {} } } });
    expect(body.timeout).toMatch(/^\d+ms$/);
    expect(signals).toEqual([one.signal]);
  });

  it("reaches a section no query word is in — knn (app's vector or the cluster's model), semantic_text, hybrid RRF — where words alone find nothing", async () => {
    expect(await firstHit({ query: "knn", field: "embedding", embed })).toBe(targetId);
    expect(await firstHit({ query: "knn", field: "embedding", modelId: "hashed-bow" })).toBe(
      targetId,
    );
    expect(lastBody().knn).toMatchObject({
      query_vector_builder: { text_embedding: { model_id: "hashed-bow", model_text: unreachable } },
    });
    expect(await firstHit({ query: "semantic", field: "body_semantic" })).toBe(targetId);
    expect(lastBody().query).toEqual({ semantic: { field: "body_semantic", query: unreachable } });
    expect(await firstHit({ query: "knn", field: "embedding", embed, hybrid: true })).toBe(
      targetId,
    );
    const hybrid = lastBody();
    expect(hybrid.query).toBeUndefined();
    expect(hybrid.retriever).toMatchObject({
      rrf: {
        retrievers: [
          { standard: { query: { multi_match: { query: unreachable } } } },
          { knn: { field: "embedding", k: 50 } },
        ],
        rank_window_size: 50,
      },
    });
    expect(await firstHit({ query: "semantic", field: "body_semantic", hybrid: true })).toBe(
      targetId,
    );
    expect((await backend(undefined).searchPage(page, attempt())).kind).toBe("no_match");
  });

  it("hybrid keeps the words' hits: a query both sides answer ranks the lexical section too", async () => {
    const outcome = await backend({
      query: "knn",
      field: "embedding",
      embed,
      hybrid: true,
    }).searchPage({ ...page, query: "rotate key" }, attempt());
    if (outcome.kind !== "page") throw new Error(outcome.kind);
    const lexical = await backend(undefined).searchPage(
      { ...page, query: "rotate key" },
      attempt(),
    );
    if (lexical.kind !== "page") throw new Error(lexical.kind);
    expect(outcome.hits.map((hit) => hit.documentId)).toContain(lexical.hits[0]?.documentId);
  });

  it("k and RRF's window reach the page's end, so a walk's later pages are among the nearest", async () => {
    const knn = backend({ query: "knn", field: "embedding", embed, k: 3 });
    const second = await knn.searchPage({ ...page, pageSize: 5, continuation: "5" }, attempt());
    expect(lastBody().knn).toMatchObject({ k: 10, num_candidates: 100 });
    if (second.kind !== "page") throw new Error(second.kind);
    expect(second.hits).toHaveLength(5);
    const hybrid = backend({ query: "knn", field: "embedding", embed, k: 3, hybrid: true });
    const fused = await hybrid.searchPage({ ...page, pageSize: 5, continuation: "5" }, attempt());
    expect(lastBody().retriever).toMatchObject({ rrf: { rank_window_size: 10 } });
    expect(fused.kind === "page" && fused.hits).toHaveLength(5);
  });

  it("the caller's privileges still decide: an index they may not read is forbidden, as for words", async () => {
    const outcome = await backend({ query: "knn", field: "embedding", embed }).searchPage(
      { ...page, collectionId: "docs-policies" },
      attempt(),
    );
    expect(outcome.kind).toBe("forbidden");
  });

  it("a field that is not a vector field, or not in the mapping, is unavailable with the cause in the trace", async () => {
    expect(
      await backend({ query: "knn", field: "body", embed }).searchPage(page, attempt()),
    ).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 the knn field is not a vector field",
    });
    expect(
      await backend({ query: "knn", field: "vectors", embed }).searchPage(page, attempt()),
    ).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 the knn field is not in the mapping",
    });
    expect(await backend({ query: "semantic", field: "body" }).searchPage(page, attempt())).toEqual(
      {
        kind: "failed",
        cause: "misconfigured",
        reason: "HTTP 400 the field is not a semantic_text field",
      },
    );
    const { output, trace } = await docsOver({ query: "knn", field: "body", embed }).search(
      { query: unreachable },
      { caller },
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([
      { kind: "misconfigured", reason: expect.stringContaining("not a vector field") },
    ]);
  });

  it("a vector of the wrong length is unavailable: the engine's 400, or refused before sending when dimensions is set", async () => {
    const short = async (text: string) => hashedEmbedding(text, 8);
    expect(
      await backend({ query: "knn", field: "embedding", embed: short }).searchPage(page, attempt()),
    ).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 query vector dimensions differ from the field's",
    });
    const sent = licensed.requests.length;
    const refused = await backend({
      query: "knn",
      field: "embedding",
      embed: short,
      dimensions,
    }).searchPage(page, attempt());
    expect(refused).toMatchObject({ kind: "failed", cause: "misconfigured" });
    expect(licensed.requests).toHaveLength(sent);
    const { output, trace } = await docsOver({
      query: "knn",
      field: "embedding",
      embed: short,
    }).search({ query: unreachable }, { caller });
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]?.reason).toContain("dimensions differ");
  });

  it("RRF under a license without it (403 security_exception) is unavailable, never an omitted index and no_matches", async () => {
    const hybrid: Semantic = { query: "knn", field: "embedding", embed, hybrid: true };
    expect(await backend(hybrid, fake).searchPage(page, attempt())).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 403 the cluster's license does not include this search (RRF)",
    });
    const { output, trace } = await docsOver(hybrid, fake).search(
      { query: unreachable },
      { caller },
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]?.reason).toContain("license");
    // The same cluster answers knn alone.
    expect(await firstHit({ query: "knn", field: "embedding", embed }, fake)).toBe(targetId);
  });

  it("a model the cluster lacks (404 resource_not_found_exception) is unavailable, never no_matches", async () => {
    const { output, trace } = await docsOver({
      query: "knn",
      field: "embedding",
      modelId: "absent",
    }).search({ query: unreachable }, { caller });
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]).toMatchObject({
      kind: "misconfigured",
      reason: "HTTP 404 resource_not_found_exception",
    });
  });

  it("answers ok through createDocsSearch, each hit with its passage", async () => {
    const { output } = await docsOver({ query: "knn", field: "embedding", embed }).search(
      { query: unreachable },
      { caller },
    );
    expect(output.status).toBe("ok");
    expect(output.results[0]?.passage.length).toBeGreaterThan(0);
  });

  it("refuses a bad semantic option with a ConfigurationError naming it", () => {
    for (const [semantic, flavor] of [
      [{ query: "vector", field: "embedding" }, "elasticsearch"],
      [{ query: "knn", field: "", embed }, "elasticsearch"],
      [{ query: "knn", field: "embedding" }, "elasticsearch"],
      [{ query: "knn", field: "embedding", embed, modelId: "m" }, "elasticsearch"],
      [{ query: "knn", field: "embedding", embed, k: 0 }, "elasticsearch"],
      [{ query: "knn", field: "embedding", embed, hybrid: true }, "opensearch"],
      [{ query: "semantic", field: "body_semantic" }, "opensearch"],
    ] as const) {
      expect(() =>
        elasticsearchBackend({ url: "http://127.0.0.1:9", flavor, semantic: semantic as Semantic }),
      ).toThrow(ConfigurationError);
    }
  });
});

describe("opensearch semantic", () => {
  let opensearch: FakeElasticsearch;
  beforeAll(async () => {
    opensearch = await cluster(true, "opensearch");
  });
  afterAll(() => opensearch.close());

  it("sends the knn query with the app's vector, or neural with a model id, and reaches the section", async () => {
    const run = async (semantic: Semantic) => {
      const outcome = await elasticsearchBackend({
        url: opensearch.url,
        flavor: "opensearch",
        semantic,
      }).searchPage(page, attempt());
      if (outcome.kind !== "page") throw new Error(JSON.stringify(outcome));
      return {
        first: outcome.hits[0]?.documentId,
        body: JSON.parse(opensearch.requests.at(-1)?.body ?? "{}"),
      };
    };
    const knn = await run({ query: "knn", field: "embedding", embed });
    expect(knn.first).toBe(targetId);
    expect(knn.body.query).toEqual({
      knn: { embedding: { vector: hashedEmbedding(unreachable, dimensions), k: 50 } },
    });
    const neural = await run({ query: "knn", field: "embedding", modelId: "hashed-bow" });
    expect(neural.first).toBe(targetId);
    expect(neural.body.query).toEqual({
      neural: { embedding: { query_text: unreachable, model_id: "hashed-bow", k: 50 } },
    });
  });

  it("a wrong dimension is OpenSearch's own 400: unavailable with the cause", async () => {
    const outcome = await elasticsearchBackend({
      url: opensearch.url,
      flavor: "opensearch",
      semantic: {
        query: "knn",
        field: "embedding",
        embed: async (text) => hashedEmbedding(text, 8),
      },
    }).searchPage(page, attempt());
    expect(outcome).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 query vector dimensions differ from the field's",
    });
  });
});
