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
import { backendConfig } from "./backend-config.js";

// Elasticsearch's and OpenSearch's semantic stages from the environment, through the registry the
// CLI and the MCP server use: each variable's request against the fake cluster (a semantic_text
// field, knn with a model in the cluster, OpenSearch's neural and hybrid through a pipeline), a
// pipeline the cluster lacks read as unavailable with the cause, and every half-set or wrong
// value refused at start with a ConfigurationError naming the variable. Unset: words only.

const dimensions = 16;
const model = (text: string) => hashedEmbedding(text, dimensions);
const indices = Object.fromEntries(
  Object.entries(sampleElasticsearchIndices()).map(([name, records]) => [
    name,
    records.map((record) => ({
      ...record,
      embedding: model(String(record.body)),
      body_semantic: record.body,
    })),
  ]),
);
const page = {
  collectionId: "docs-runbooks",
  query: "rotate key",
  pageSize: 5,
  continuation: undefined,
};
const caller = { headers: { authorization: "ApiKey reader" } };
const clusters: Partial<Record<"elasticsearch" | "opensearch", FakeElasticsearch>> = {};

beforeAll(async () => {
  for (const flavor of ["elasticsearch", "opensearch"] as const) {
    clusters[flavor] = await startFakeElasticsearch({
      flavor,
      indices,
      users: { "ApiKey reader": { name: "reader", read: ["docs-runbooks"] } },
      vectors: {
        fields: {
          embedding: { type: "dense_vector", dims: dimensions },
          body_semantic: { type: "semantic_text", embed: model },
        },
        models: { "hashed-bow": model },
        searchPipelines: { "docs-hybrid": "min_max" },
      },
    });
  }
});
afterAll(async () => {
  await clusters.elasticsearch?.close();
  await clusters.opensearch?.close();
});

function configured(flavor: "elasticsearch" | "opensearch", variables: Record<string, string>) {
  const prefix = `SEARCH_DOCS_${flavor.toUpperCase()}`;
  return backendConfig({
    environment: {
      [`${prefix}_URL`]: clusters[flavor]?.url ?? "http://127.0.0.1:9",
      [`${prefix}_API_KEY`]: "reader",
      SEARCH_DOCS_AREAS: '{"runbooks":["docs-runbooks"]}',
      ...Object.fromEntries(Object.entries(variables).map(([name, v]) => [`${prefix}_${name}`, v])),
    },
    mode: "one-user",
  });
}

/** The request one search sends, with the variables set. */
async function sent(flavor: "elasticsearch" | "opensearch", variables: Record<string, string>) {
  const config = configured(flavor, variables);
  if (config === undefined) throw new Error("no engine configured");
  const outcome = await (await config.open()).backend.searchPage(page, testAttempt({ caller }));
  expect(outcome.kind).toBe("page");
  const request = clusters[flavor]?.requests.at(-1);
  return { query: new URLSearchParams(request?.query), body: JSON.parse(request?.body ?? "{}") };
}

describe("Elasticsearch and OpenSearch semantic search from the environment", () => {
  it("SEARCH_DOCS_ELASTICSEARCH_SEMANTIC_FIELD, _KNN_FIELD with _MODEL_ID, and _HYBRID", async () => {
    expect((await sent("elasticsearch", { SEMANTIC_FIELD: "body_semantic" })).body.query).toEqual({
      semantic: { field: "body_semantic", query: "rotate key" },
    });
    const knn = await sent("elasticsearch", { KNN_FIELD: "embedding", MODEL_ID: "hashed-bow" });
    expect(knn.body.knn).toMatchObject({
      field: "embedding",
      query_vector_builder: {
        text_embedding: { model_id: "hashed-bow", model_text: "rotate key" },
      },
    });
    const hybrid = await sent("elasticsearch", {
      KNN_FIELD: "embedding",
      MODEL_ID: "hashed-bow",
      HYBRID: "true",
    });
    expect(hybrid.body.retriever.rrf.retrievers).toHaveLength(2);
    expect((await sent("elasticsearch", {})).body.query.multi_match).toBeDefined();
  });

  it("SEARCH_DOCS_OPENSEARCH_KNN_FIELD with _MODEL_ID is neural; _HYBRID with _SEARCH_PIPELINE fuses through it", async () => {
    const neural = await sent("opensearch", { KNN_FIELD: "embedding", MODEL_ID: "hashed-bow" });
    expect(neural.body.query).toEqual({
      neural: { embedding: { query_text: "rotate key", model_id: "hashed-bow", k: 50 } },
    });
    expect(neural.query.get("search_pipeline")).toBeNull();
    const hybrid = await sent("opensearch", {
      KNN_FIELD: "embedding",
      MODEL_ID: "hashed-bow",
      HYBRID: "true",
      SEARCH_PIPELINE: "docs-hybrid",
    });
    expect(hybrid.query.get("search_pipeline")).toBe("docs-hybrid");
    expect(hybrid.body.query.hybrid.queries[1]).toMatchObject({ neural: { embedding: {} } });
  });

  it("hands the semantic option to check, which verifies the field", () => {
    const config = configured("opensearch", { KNN_FIELD: "embedding", MODEL_ID: "hashed-bow" });
    expect(config?.check).toMatchObject({
      semantic: { query: "knn", field: "embedding", modelId: "hashed-bow", hybrid: false },
    });
  });

  it("a pipeline the cluster lacks is unavailable with the cause in the trace, never no_matches", async () => {
    const config = configured("opensearch", {
      KNN_FIELD: "embedding",
      MODEL_ID: "hashed-bow",
      HYBRID: "true",
      SEARCH_PIPELINE: "not-created",
    });
    if (config === undefined) throw new Error("no engine configured");
    const { backend, areas } = await config.open();
    const docs = createDocsSearch({ backend, areas, limits: { deadlineMs: 2000 } });
    const { output, trace } = await docs.search({ query: "rotate key" }, { caller });
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]).toMatchObject({
      kind: "misconfigured",
      reason: "HTTP 400 the search pipeline is not defined",
    });
  });

  it("refuses a half-set or wrong value at start, naming the variable", () => {
    const cases: Array<["elasticsearch" | "opensearch", Record<string, string>, string]> = [
      ["elasticsearch", { KNN_FIELD: "embedding" }, "MODEL_ID"],
      ["elasticsearch", { MODEL_ID: "hashed-bow" }, "MODEL_ID"],
      ["elasticsearch", { SEMANTIC_FIELD: "s", KNN_FIELD: "e", MODEL_ID: "m" }, "SEMANTIC_FIELD"],
      ["elasticsearch", { SEMANTIC_FIELD: "s", HYBRID: "yes" }, "HYBRID"],
      ["elasticsearch", { HYBRID: "true" }, "HYBRID"],
      [
        "elasticsearch",
        { KNN_FIELD: "e", MODEL_ID: "m", HYBRID: "true", SEARCH_PIPELINE: "p" },
        "SEARCH_PIPELINE",
      ],
      ["opensearch", { SEMANTIC_FIELD: "body_semantic" }, "SEMANTIC_FIELD"],
      ["opensearch", { KNN_FIELD: "e", MODEL_ID: "m", HYBRID: "true" }, "SEARCH_PIPELINE"],
      ["opensearch", { KNN_FIELD: "e", MODEL_ID: "m", SEARCH_PIPELINE: "p" }, "SEARCH_PIPELINE"],
    ];
    for (const [flavor, variables, named] of cases) {
      let thrown: unknown;
      try {
        configured(flavor, variables);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(variables)).toBeInstanceOf(ConfigurationError);
      expect((thrown as ConfigurationError).option).toBe(
        `SEARCH_DOCS_${flavor.toUpperCase()}_${named}`,
      );
    }
  });
});
