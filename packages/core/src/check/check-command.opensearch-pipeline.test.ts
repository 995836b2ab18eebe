import {
  type FakeElasticsearch,
  hashedEmbedding,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawServer } from "../__fixtures__/raw-server.js";
import { type SettingsRoutes, startSettingsOverlay } from "../__fixtures__/settings-overlay.js";
import type { EngineConfig } from "../config/engine-entry.js";
import { elasticsearchBackend } from "../elasticsearch/index.js";
import { runCheck } from "./run-check.js";

// `check` with OpenSearch's hybrid query (`hybrid: true, searchPipeline`): after the knn_vector
// field (as check-command.elasticsearch-semantic.test.ts reads it), the search pipeline is read
// as "Retrieving search pipelines" shows it
// (https://docs.opensearch.org/latest/search-plugins/search-pipelines/retrieving-search-pipeline/:
// `{ <id>: { …_processors } }`; an unknown id is 404 `{}`, OpenSearch's GetSearchPipelineResponse),
// its processors as the "Normalization processor" and "Score ranker processor" pages create them
// (…/search-pipelines/normalization-processor/, …/search-pipelines/score-ranker-processor/). A
// user without `cluster:admin/search/pipeline/get` gets the security plugin's 403. The fake
// cluster runs the hybrid searches with its own pipelines.
const dimensions = 16;
const embed = async (text: string) => hashedEmbedding(text, dimensions);
const index = "docs-runbooks";
const records = (sampleElasticsearchIndices()[index] ?? []).map((record) => ({
  ...record,
  embedding: hashedEmbedding(String(record.body), dimensions),
}));
const admin = "ApiKey admin";
/** May read mappings, not the cluster's search pipelines. */
const indexer = "ApiKey indexer";

const fieldMapping = {
  [index]: {
    mappings: {
      embedding: {
        full_name: "embedding",
        mapping: {
          embedding: {
            type: "knn_vector",
            dimension: dimensions,
            method: { name: "hnsw", space_type: "cosinesimil", engine: "lucene" },
          },
        },
      },
    },
  },
};
const pipelines: Record<string, object> = {
  "docs-hybrid": {
    description: "Post processor for hybrid search",
    phase_results_processors: [
      {
        "normalization-processor": {
          normalization: { technique: "min_max" },
          combination: { technique: "arithmetic_mean", parameters: { weights: [0.3, 0.7] } },
        },
      },
    ],
  },
  "docs-rrf": {
    phase_results_processors: [{ "score-ranker-processor": { combination: { technique: "rrf" } } }],
  },
  // A pipeline that exists but fuses nothing: a request processor only.
  "docs-filter": {
    request_processors: [
      { filter_query: { tag: "tag1", query: { term: { visibility: "public" } } } },
    ],
  },
};
const denied = (action: string) => {
  const reason = `no permissions for [${action}] and User [name=indexer, backend_roles=[], requestedTenant=null]`;
  return {
    status: 403,
    body: {
      error: {
        root_cause: [{ type: "security_exception", reason }],
        type: "security_exception",
        reason,
      },
      status: 403,
    },
  };
};

const routes: Record<string, SettingsRoutes[string]> = {
  [`/${index}/_mapping/field/embedding`]: () => ({ status: 200, body: fieldMapping }),
  "/_search/pipeline/docs-hybrd": (headers) =>
    headers.authorization === admin
      ? { status: 404, body: {} }
      : denied("cluster:admin/search/pipeline/get"),
};
for (const [name, pipeline] of Object.entries(pipelines)) {
  routes[`/_search/pipeline/${name}`] = (headers) =>
    headers.authorization === admin
      ? { status: 200, body: { [name]: pipeline } }
      : denied("cluster:admin/search/pipeline/get");
}

let cluster: FakeElasticsearch;
let overlay: RawServer;
beforeAll(async () => {
  cluster = await startFakeElasticsearch({
    flavor: "opensearch",
    indices: { [index]: records },
    users: {
      [admin]: { name: "admin", read: ["*"], viewIndexMetadata: ["*"] },
      [indexer]: { name: "indexer", read: ["*"], viewIndexMetadata: ["*"] },
    },
    vectors: {
      fields: { embedding: { type: "dense_vector", dims: dimensions } },
      searchPipelines: { "docs-hybrid": "min_max", "docs-rrf": "rrf" },
    },
  });
  overlay = await startSettingsOverlay(cluster.url, routes);
});
afterAll(async () => {
  await overlay?.close();
  await cluster?.close();
});

async function semanticRow(searchPipeline: string, authorization = admin) {
  const semantic = {
    query: "knn",
    field: "embedding",
    embed,
    hybrid: true,
    searchPipeline,
  } as const;
  const areas = { docs: [index] };
  const config: EngineConfig = {
    engine: "opensearch",
    origin: overlay.url,
    areas,
    caller: { headers: { authorization } },
    check: { engine: "opensearch", url: overlay.url, semantic },
    open: async () => ({
      backend: elasticsearchBackend({ url: overlay.url, flavor: "opensearch", semantic }),
      areas,
      close: async () => {},
    }),
  };
  const report = await runCheck(config);
  return { row: report.rows.find((row) => row.step === "semantic"), passed: report.passed };
}

describe("search-docs check on OpenSearch's hybrid search pipeline", () => {
  it("a pipeline with a normalization or score ranker processor passes, naming it", async () => {
    const minMax = await semanticRow("docs-hybrid");
    expect(minMax.row).toMatchObject({
      state: "pass",
      detail: `${index}'s embedding (knn_vector, 16 dimensions); search pipeline "docs-hybrid" (normalization-processor)`,
    });
    expect(minMax.passed).toBe(true);
    const rrf = await semanticRow("docs-rrf");
    expect(rrf.row?.detail).toContain('search pipeline "docs-rrf" (score-ranker-processor)');
    expect(rrf.passed).toBe(true);
  });

  it("a pipeline the cluster does not have fails on the semantic row, with how to create it", async () => {
    const { row, passed } = await semanticRow("docs-hybrd");
    expect(row).toMatchObject({
      state: "fail",
      detail:
        'no search pipeline "docs-hybrd" in the cluster: the hybrid search is refused ("Pipeline docs-hybrd is not defined")',
    });
    expect(row?.fix).toContain("PUT /_search/pipeline/docs-hybrd with a normalization-processor");
    expect(row?.fix).toContain("SEARCH_DOCS_OPENSEARCH_SEARCH_PIPELINE");
    expect(passed).toBe(false);
  });

  it("a pipeline that fuses nothing fails: its results would be the sub-queries' unfused", async () => {
    const { row, passed } = await semanticRow("docs-filter");
    expect(row).toMatchObject({
      state: "fail",
      detail:
        'search pipeline "docs-filter" has no normalization-processor or score-ranker-processor in phase_results_processors: OpenSearch would return the hybrid query\'s sub-query results unfused',
    });
    expect(passed).toBe(false);
  });

  it("a user who may not read search pipelines: skipped with the permission, never 'no pipeline'", async () => {
    const { row, passed } = await semanticRow("docs-hybrid", indexer);
    expect(row).toMatchObject({
      state: "skip",
      detail: `${index}'s embedding (knn_vector, 16 dimensions); search pipeline "docs-hybrid" not read (403: the key lacks cluster:admin/search/pipeline/get); the probe below runs the semantic search`,
    });
    expect(passed).toBe(true);
    // With a typo, the probe's hybrid search is refused: that lands on the semantic row.
    const typo = await semanticRow("docs-hybrd", indexer);
    expect(typo.row).toMatchObject({
      state: "fail",
      detail: "misconfigured: HTTP 400 the search pipeline is not defined",
    });
    expect(typo.passed).toBe(false);
  });
});
