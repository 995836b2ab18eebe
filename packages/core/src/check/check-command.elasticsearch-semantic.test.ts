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
import { type ElasticsearchSemanticOptions, elasticsearchBackend } from "../elasticsearch/index.js";
import { runCheck } from "./run-check.js";

// `check` with an Elasticsearch or OpenSearch semantic option (app code): the field's mapping
// read as "Get field mapping" documents it
// (https://www.elastic.co/guide/en/elasticsearch/reference/current/indices-get-field-mapping.html:
// `{ <index>: { mappings: { <field>: { full_name, mapping: { <field>: {…} } } } } }`, `mappings: {}`
// for a field the index does not map), each field as its type's page shows it: `dense_vector`
// with `dims` (…/reference/current/dense-vector.html), `semantic_text` with `inference_id` and
// `model_settings` (…/reference/current/semantic-text.html), OpenSearch's `knn_vector` with
// `dimension` (https://docs.opensearch.org/latest/mappings/supported-field-types/knn-vector/); a
// user without view_index_metadata gets 403 security_exception. The fake cluster runs the searches.
const dimensions = 16;
const embed = async (text: string) => hashedEmbedding(text, dimensions);
const index = "docs-runbooks";
const records = (sampleElasticsearchIndices()[index] ?? []).map((record) => ({
  ...record,
  embedding: hashedEmbedding(String(record.body), dimensions),
  body_semantic: record.body,
}));
const admin = "ApiKey admin";
const reader = "ApiKey reader";
const mappings = {
  elasticsearch: {
    embedding: { type: "dense_vector", dims: dimensions, index: true, similarity: "cosine" },
    body_semantic: {
      type: "semantic_text",
      inference_id: "stand-in-hashed-words",
      model_settings: {
        task_type: "text_embedding",
        dimensions,
        similarity: "cosine",
        element_type: "float",
      },
    },
    body: { type: "text" },
  },
  opensearch: {
    embedding: {
      type: "knn_vector",
      dimension: dimensions,
      method: { name: "hnsw", space_type: "cosinesimil", engine: "lucene" },
    },
    body: { type: "text" },
  },
};

const unauthorized = "action [indices:admin/mappings/fields/get] is unauthorized for user [reader]";
const refused = {
  error: {
    root_cause: [{ type: "security_exception", reason: unauthorized }],
    type: "security_exception",
    reason: unauthorized,
  },
  status: 403,
};

/** The Get field mapping answers for `flavor`'s fields, and for a field it does not map. */
function fieldMappingRoutes(flavor: keyof typeof mappings): SettingsRoutes {
  const routes: Record<string, SettingsRoutes[string]> = {};
  for (const field of [...Object.keys(mappings[flavor]), "embeding"]) {
    const mapping = (mappings[flavor] as Record<string, unknown>)[field];
    const answer = {
      [index]: {
        mappings:
          mapping === undefined
            ? {}
            : { [field]: { full_name: field, mapping: { [field]: mapping } } },
      },
    };
    routes[`/${index}/_mapping/field/${field}`] = (headers) =>
      headers.authorization === admin
        ? { status: 200, body: answer }
        : { status: 403, body: refused };
  }
  return routes;
}

const servers: Array<FakeElasticsearch | RawServer> = [];
const overlays: Partial<Record<keyof typeof mappings, RawServer>> = {};

beforeAll(async () => {
  for (const flavor of ["elasticsearch", "opensearch"] as const) {
    const cluster = await startFakeElasticsearch({
      flavor,
      indices: { [index]: records },
      users: {
        [admin]: { name: "admin", read: ["*"], viewIndexMetadata: ["*"] },
        [reader]: { name: "reader", read: [index] },
      },
      vectors: {
        fields: {
          embedding: { type: "dense_vector", dims: dimensions },
          body_semantic: {
            type: "semantic_text",
            embed: (text) => hashedEmbedding(text, dimensions),
          },
        },
      },
    });
    const overlay = await startSettingsOverlay(cluster.url, fieldMappingRoutes(flavor));
    servers.push(cluster, overlay);
    overlays[flavor] = overlay;
  }
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** The semantic row and the verdict of an app's check: its backend and check given one option. */
async function semanticOf(
  flavor: keyof typeof mappings,
  semantic: ElasticsearchSemanticOptions,
  authorization = admin,
) {
  const url = overlays[flavor]?.url ?? "";
  const areas = { docs: [index] };
  const config: EngineConfig = {
    engine: flavor,
    origin: url,
    areas,
    caller: { headers: { authorization } },
    check: { engine: flavor, url, semantic },
    open: async () => ({
      backend: elasticsearchBackend({ url, flavor, semantic }),
      areas,
      close: async () => {},
    }),
  };
  const report = await runCheck(config);
  return { row: report.rows.find((row) => row.step === "semantic"), passed: report.passed };
}

describe("search-docs check on an Elasticsearch or OpenSearch semantic field", () => {
  it("knn on a dense_vector field passes, with its dims; so does semantic on a semantic_text field", async () => {
    const option = { query: "knn", field: "embedding", embed, dimensions } as const;
    const knn = await semanticOf("elasticsearch", option);
    expect(knn.row).toMatchObject({
      state: "pass",
      detail: `${index}'s embedding (dense_vector, 16 dimensions)`,
    });
    expect(knn.passed).toBe(true);
    const semantic = await semanticOf("elasticsearch", {
      query: "semantic",
      field: "body_semantic",
    });
    expect(semantic.row).toMatchObject({
      state: "pass",
      detail: `${index}'s body_semantic (semantic_text, 16 dimensions)`,
    });
    expect(semantic.passed).toBe(true);
  });

  it("a field the index does not map: the index and the field", async () => {
    const { row, passed } = await semanticOf("elasticsearch", {
      query: "knn",
      field: "embeding",
      embed,
    });
    expect(row).toMatchObject({ state: "fail", detail: `${index} maps no field embeding` });
    expect(row?.fix).toContain("point semantic.field at the dense_vector field");
    expect(passed).toBe(false);
  });

  it("the wrong kind of field for the query: knn on semantic_text, semantic on dense_vector, knn on text", async () => {
    const knn = await semanticOf("elasticsearch", { query: "knn", field: "body_semantic", embed });
    expect(knn.row).toMatchObject({
      state: "fail",
      detail: `${index}'s body_semantic is semantic_text, not dense_vector`,
    });
    expect(knn.row?.fix).toContain('use semantic: { query: "semantic", field: "body_semantic" }');
    const semantic = await semanticOf("elasticsearch", { query: "semantic", field: "embedding" });
    expect(semantic.row).toMatchObject({
      state: "fail",
      detail: `${index}'s embedding is dense_vector, not semantic_text`,
    });
    const text = await semanticOf("opensearch", { query: "knn", field: "body", embed });
    expect(text.row).toMatchObject({
      state: "fail",
      detail: `${index}'s body is text, not knn_vector`,
    });
  });

  it("dims other than semantic.dimensions: both numbers", async () => {
    const { row } = await semanticOf("elasticsearch", {
      query: "knn",
      field: "embedding",
      embed,
      dimensions: 384,
    });
    expect(row).toMatchObject({
      state: "fail",
      detail: `${index}'s embedding has 16 dimensions; semantic.dimensions says 384`,
    });
    expect(row?.fix).toContain("set semantic.dimensions to 16");
  });

  it("OpenSearch: knn on a knn_vector field passes, its dimension read from `dimension`", async () => {
    const { row, passed } = await semanticOf("opensearch", {
      query: "knn",
      field: "embedding",
      embed,
      dimensions,
    });
    expect(row).toMatchObject({
      state: "pass",
      detail: `${index}'s embedding (knn_vector, 16 dimensions)`,
    });
    expect(passed).toBe(true);
  });

  it("a user without view_index_metadata: reported as such, never as missing; the probe speaks", async () => {
    const good = await semanticOf(
      "elasticsearch",
      { query: "knn", field: "embedding", embed },
      reader,
    );
    expect(good.row).toMatchObject({
      state: "skip",
      detail:
        "field mapping not read (403: the key lacks view_index_metadata); the probe below runs the semantic search",
    });
    expect(good.passed).toBe(true);
    // The typo then shows in the probe's refusal, on the semantic row, not "collection exists".
    const typo = await semanticOf(
      "elasticsearch",
      { query: "knn", field: "embeding", embed },
      reader,
    );
    expect(typo.row).toMatchObject({
      state: "fail",
      detail: "misconfigured: HTTP 400 the knn field is not in the mapping",
    });
    expect(typo.passed).toBe(false);
  });
});
