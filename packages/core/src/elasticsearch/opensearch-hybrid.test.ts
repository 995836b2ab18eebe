import {
  type FakeElasticsearch,
  hashedEmbedding,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { testAttempt } from "../testing/test-attempt.js";
import { type ElasticsearchBackendOptions, elasticsearchBackend } from "./elasticsearch-backend.js";
import { elasticsearchSemantic } from "./elasticsearch-semantic.js";

// OpenSearch's hybrid search against the fake cluster (fake-opensearch-hybrid.ts, built from
// OpenSearch's "Hybrid query", "Paginating hybrid query results", "Normalization processor" and
// "Score ranker processor" pages), with fixed vectors in the records and a deterministic embedder:
// the request (the `hybrid` query of the lexical query and the vector clause, `pagination_depth`,
// `?search_pipeline=`), that both halves answer, that a scoping filter of the lexical query holds
// in the vector half too, and each failure — a pipeline the cluster lacks, a cluster before 2.19,
// a wrong dimension — `unavailable` with the cause in the trace, never `no_matches`.

const dimensions = 16;
const unreachable = "zebra quasar";
const embed = async (text: string) => hashedEmbedding(text, dimensions);
const indices = sampleElasticsearchIndices();
const target = indices["docs-runbooks"]?.[3] ?? {};
const withVectors = Object.fromEntries(
  Object.entries(indices).map(([name, records]) => [
    name,
    records.map((record) => ({
      ...record,
      embedding: hashedEmbedding(record === target ? unreachable : String(record.body), dimensions),
    })),
  ]),
);
const caller = { headers: { authorization: "ApiKey reader" } };
const targetId = String(target.document_id);
const page = {
  collectionId: "docs-runbooks",
  query: unreachable,
  pageSize: 20,
  continuation: undefined as string | undefined,
};
const attempt = () => testAttempt({ caller });
type Semantic = ElasticsearchBackendOptions["semantic"];
const hybrid = (searchPipeline: string, more: object = {}): Semantic => ({
  query: "knn",
  field: "embedding",
  embed,
  hybrid: true,
  searchPipeline,
  ...more,
});

let current: FakeElasticsearch;
let before219: FakeElasticsearch;
let wrapping: FakeElasticsearch;

function cluster(hybridPaginationDepth: boolean, wrapsHybrid = false) {
  return startFakeElasticsearch({
    flavor: "opensearch",
    indices: withVectors,
    users: { "ApiKey reader": { name: "reader", read: ["docs-runbooks"] } },
    vectors: {
      fields: { embedding: { type: "dense_vector", dims: dimensions } },
      models: { "hashed-bow": (text) => hashedEmbedding(text, dimensions) },
      searchPipelines: { "docs-hybrid": "min_max", "docs-rrf": "rrf" },
      hybridPaginationDepth,
      wrapsHybrid,
    },
  });
}

beforeAll(async () => {
  current = await cluster(true);
  before219 = await cluster(false);
  wrapping = await cluster(true, true);
});
afterAll(async () => {
  await current.close();
  await before219.close();
  await wrapping.close();
});

function backend(semantic: Semantic, on = current) {
  return elasticsearchBackend({ url: on.url, flavor: "opensearch", semantic });
}

async function sections(semantic: Semantic, request = page) {
  const outcome = await backend(semantic).searchPage(request, attempt());
  if (outcome.kind !== "page") throw new Error(JSON.stringify(outcome));
  return outcome.hits;
}

async function hits(semantic: Semantic, request = page) {
  return (await sections(semantic, request)).map((hit) => hit.documentId);
}

const last = (on = current) => on.requests.at(-1);

describe("opensearch hybrid", () => {
  it("sends the lexical query and the knn clause as one hybrid query, through the named pipeline", async () => {
    const found = await hits(hybrid("docs-hybrid"));
    expect(found[0]).toBe(targetId);
    expect(new URLSearchParams(last()?.query).get("search_pipeline")).toBe("docs-hybrid");
    const body = JSON.parse(last()?.body ?? "{}");
    expect(body.query).toEqual({
      hybrid: {
        queries: [
          expect.objectContaining({ multi_match: expect.objectContaining({ query: unreachable }) }),
          { knn: { embedding: { vector: hashedEmbedding(unreachable, dimensions), k: 50 } } },
        ],
        pagination_depth: 50,
      },
    });
    // The page, source, highlight, timeout and count are the lexical body's.
    expect(body).toMatchObject({ from: 0, size: 20, track_total_hits: 21 });
    expect(body.highlight.fields.body).toBeDefined();
    expect(body._source).toContain("document_id");
    expect(body.timeout).toMatch(/^\d+ms$/);
  });

  it("keeps the words' hits, fused by min_max or by rrf, and runs neural with a model id", async () => {
    const words = await hits(undefined, { ...page, query: "rotate key" });
    for (const pipeline of ["docs-hybrid", "docs-rrf"]) {
      expect(await hits(hybrid(pipeline), { ...page, query: "rotate key" })).toContain(words[0]);
    }
    const neural = await hits({
      query: "knn",
      field: "embedding",
      modelId: "hashed-bow",
      hybrid: true,
      searchPipeline: "docs-rrf",
    });
    expect(neural[0]).toBe(targetId);
    expect(JSON.parse(last()?.body ?? "{}").query.hybrid.queries[1]).toEqual({
      neural: { embedding: { query_text: unreachable, model_id: "hashed-bow", k: 50 } },
    });
  });

  it("pages with one pagination_depth across the walk (a later page must carry it)", async () => {
    const id = (hit: { documentId: string; section?: string }) =>
      `${hit.documentId}#${hit.section}`;
    const first = (await sections(hybrid("docs-hybrid", { k: 10 }), { ...page, pageSize: 5 })).map(
      id,
    );
    const second = (
      await sections(hybrid("docs-hybrid", { k: 10 }), {
        ...page,
        pageSize: 5,
        continuation: "5",
      })
    ).map(id);
    const body = JSON.parse(last()?.body ?? "{}");
    expect(body).toMatchObject({ from: 5, size: 5, query: { hybrid: { pagination_depth: 10 } } });
    expect(second).toHaveLength(5);
    expect(second.filter((section) => first.includes(section))).toEqual([]);
  });

  it("a scoping filter of the lexical query holds in both halves: the vector half cannot reach past it", async () => {
    const scope = { term: { document_id: "dcacjstehbdhgwf6utfcovpaie" } };
    const lexical = {
      query: {
        bool: {
          must: [{ multi_match: { query: unreachable, fields: ["body"] } }],
          filter: [scope],
        },
      },
      from: 0,
      size: 10,
      _source: ["document_id"],
    };
    // Without the filter in the vector half, it would rank the target (another document) first.
    // Each engine's body: semantic-scope.test.ts.
    const stage = elasticsearchSemantic("test", "opensearch", hybrid("docs-hybrid"));
    const body = (await stage?.body(lexical, unreachable, attempt())) as { query: object };
    expect(body.query).toMatchObject({ hybrid: { queries: [lexical.query, {}] } });
    const answer = await fetch(
      `${current.url}/docs-runbooks/_search?allow_no_indices=false${stage?.parameters}`,
      {
        method: "POST",
        headers: { ...caller.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      },
    );
    const answered = (await answer.json()) as {
      hits: { hits: { _source: { document_id: string } }[] };
    };
    const found = answered.hits.hits.map((hit) => hit._source.document_id);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set(["dcacjstehbdhgwf6utfcovpaie"]));
  });

  it("the caller's privileges still decide: an index they may not read is forbidden", async () => {
    const outcome = await backend(hybrid("docs-hybrid")).searchPage(
      { ...page, collectionId: "docs-policies" },
      attempt(),
    );
    expect(outcome.kind).toBe("forbidden");
  });

  it("a pipeline the cluster lacks, a cluster before 2.19 or one that wraps the hybrid query, and a wrong dimension are unavailable with the cause", async () => {
    expect(await backend(hybrid("typo")).searchPage(page, attempt())).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 the search pipeline is not defined",
    });
    expect(last()?.status).toBe(400);
    expect(await backend(hybrid("docs-hybrid"), before219).searchPage(page, attempt())).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 the cluster's hybrid query predates pagination_depth (OpenSearch 2.19)",
    });
    // An alias filter before 2.14, or the caller's document-level security: the user's scope.
    expect(
      await backend(hybrid("docs-hybrid"), wrapping).searchPage(page, attempt()),
    ).toMatchObject({
      cause: "misconfigured",
      reason: expect.stringContaining("hybrid query under this alias's filter"),
    });
    const short = hybrid("docs-hybrid", {
      embed: async (text: string) => hashedEmbedding(text, 8),
    });
    for (const [semantic, cause] of [
      [hybrid("typo"), "search pipeline is not defined"],
      [short, "dimensions differ"],
    ] as const) {
      const docs = createDocsSearch({
        backend: backend(semantic),
        areas: { runbooks: ["docs-runbooks"] },
        limits: { deadlineMs: 2000, conflictWaitMs: 100 },
        retry: { baseDelayMs: 2, maxDelayMs: 10 },
      });
      const { output, trace } = await docs.search({ query: unreachable }, { caller });
      expect(output.status).toBe("unavailable");
      expect(trace.failures[0]).toMatchObject({
        kind: "misconfigured",
        reason: expect.stringContaining(cause),
      });
    }
  });
});
