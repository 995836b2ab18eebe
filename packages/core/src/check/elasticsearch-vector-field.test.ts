import { afterEach, describe, expect, it } from "vitest";
import { closeRawServers, startRawServer } from "../__fixtures__/raw-server.js";
import type { ElasticsearchSemanticOptions } from "../elasticsearch/index.js";
import { elasticsearchVectorFieldInspector } from "./elasticsearch-vector-field.js";

// The field-mapping read on its own, for what the whole-check tests do not reach: an alias over
// two indices, a `dense_vector` mapped with `"index": false`, an object field's leaf. Each body
// is the Get field mapping API's (https://www.elastic.co/guide/en/elasticsearch/reference/current/indices-get-field-mapping.html):
// one entry per concrete index, `mappings: {}` where the index does not map the field, and the
// mapping keyed by the leaf's name under the full name (`author.id` → `{ "id": {…} }`).
afterEach(closeRawServers);

async function inspect(body: unknown, semantic: ElasticsearchSemanticOptions) {
  const paths: string[] = [];
  const server = await startRawServer((request, response) => {
    paths.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  const inspector = elasticsearchVectorFieldInspector({
    engine: "elasticsearch",
    url: server.url,
    semantic,
  });
  const finding = await inspector.inspect("docs", { headers: { authorization: "ApiKey admin" } });
  return { finding, paths };
}

const dense = (dims: number, extra: object = {}) => ({ type: "dense_vector", dims, ...extra });
const knn = { query: "knn", field: "embedding", modelId: "e5-small" } as const;

describe("the semantic field in every index behind a name", () => {
  it("an alias whose second index lacks the field fails, naming that index", async () => {
    const { finding, paths } = await inspect(
      {
        "docs-2024": {
          mappings: { embedding: { full_name: "embedding", mapping: { embedding: dense(384) } } },
        },
        "docs-2025": { mappings: {} },
      },
      knn,
    );
    expect(paths).toEqual(["/docs/_mapping/field/embedding"]);
    expect(finding).toMatchObject({ state: "fail", detail: "docs-2025 maps no field embedding" });
  });

  it("both indices mapping it pass, each named with its dims", async () => {
    const entry = { full_name: "embedding", mapping: { embedding: dense(384) } };
    const { finding } = await inspect(
      {
        "docs-2024": { mappings: { embedding: entry } },
        "docs-2025": { mappings: { embedding: entry } },
      },
      knn,
    );
    expect(finding).toEqual({
      state: "pass",
      detail:
        "docs-2024's embedding (dense_vector, 384 dimensions); docs-2025's embedding (dense_vector, 384 dimensions)",
    });
  });

  it('a dense_vector mapped with "index": false cannot serve knn', async () => {
    const { finding } = await inspect(
      {
        docs: {
          mappings: {
            embedding: {
              full_name: "embedding",
              mapping: { embedding: dense(384, { index: false }) },
            },
          },
        },
      },
      knn,
    );
    expect(finding).toMatchObject({
      state: "fail",
      detail: `docs's embedding (dense_vector, 384 dimensions) is not indexed: knn needs "index": true`,
    });
  });

  it("an object field's leaf is read under its full name", async () => {
    const { finding, paths } = await inspect(
      {
        docs: {
          mappings: {
            "vectors.body": { full_name: "vectors.body", mapping: { body: dense(768) } },
          },
        },
      },
      { query: "knn", field: "vectors.body", modelId: "e5-base", dimensions: 768 },
    );
    expect(paths).toEqual(["/docs/_mapping/field/vectors.body"]);
    expect(finding).toMatchObject({
      state: "pass",
      detail: "docs's vectors.body (dense_vector, 768 dimensions)",
    });
  });
});
