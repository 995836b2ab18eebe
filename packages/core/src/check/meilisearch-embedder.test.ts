import { afterEach, describe, expect, it } from "vitest";
import { closeRawServers, startRawServer } from "../__fixtures__/raw-server.js";
import type { MeilisearchSemanticOptions } from "../meilisearch/index.js";
import { meilisearchEmbedderInspector } from "./meilisearch-embedder.js";

// The embedders read on its own, for what the whole-check tests do not reach: an index with no
// embedder at all (`{}`, as "Get embedders" shows it,
// https://www.meilisearch.com/docs/reference/api/settings/get-embedders), a composite embedder
// whose `searchEmbedder` embeds queries (the `source` list and `searchEmbedder` of
// https://www.meilisearch.com/docs/reference/api/settings/update-embedders), and an answer that is
// neither the setting nor a refusal.
afterEach(closeRawServers);

async function inspect(status: number, body: unknown, semantic: MeilisearchSemanticOptions) {
  const server = await startRawServer((_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  return meilisearchEmbedderInspector({ url: server.url, semantic }).inspect("docs", {
    token: "admin",
  });
}

describe("a Meilisearch embedder read from the index's settings", () => {
  it("an index with no embedder: the fix adds one", async () => {
    const finding = await inspect(200, {}, { embedder: "docs" });
    expect(finding).toMatchObject({
      state: "fail",
      detail: 'index docs has no embedder "docs" (its embedders: none)',
    });
    expect(finding.fix).toContain("PATCH /indexes/docs/settings/embedders");
  });

  it("a composite embedder embeds queries with its searchEmbedder", async () => {
    const composite = {
      hybrid: {
        source: "composite",
        searchEmbedder: { source: "huggingFace", model: "BAAI/bge-base-en-v1.5" },
        indexingEmbedder: { source: "rest", url: "https://embedder.example.com", dimensions: 768 },
      },
    };
    expect(await inspect(200, composite, { embedder: "hybrid" })).toEqual({
      state: "pass",
      detail: 'embedder "hybrid" (composite) embeds the query itself',
    });
  });

  it("neither the setting nor a refusal (a 404 of an older engine): not concluded", async () => {
    const notFound = { message: "Not found", code: "not_found", type: "invalid_request" };
    expect(await inspect(404, notFound, { embedder: "docs" })).toEqual({
      state: "skip",
      detail: "embedders not read (404); the probe below speaks",
    });
  });
});
