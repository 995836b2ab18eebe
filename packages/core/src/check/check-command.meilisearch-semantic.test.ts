import {
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeMeilisearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawServer } from "../__fixtures__/raw-server.js";
import { runCli } from "../__fixtures__/run-cli.js";
import { dimensions, embed, semanticRecords } from "../__fixtures__/semantic-records.js";
import { startSettingsOverlay } from "../__fixtures__/settings-overlay.js";
import type { EngineConfig } from "../config/engine-entry.js";
import { type MeilisearchSemanticOptions, meilisearchBackend } from "../meilisearch/index.js";
import { formatCheckReport } from "./format-check-report.js";
import { runCheck } from "./run-check.js";

// `check` with a Meilisearch embedder configured: the embedders setting read as "Get embedders"
// documents it (https://www.meilisearch.com/docs/reference/api/settings/get-embedders: embedder
// name → its settings; a userProvided embedder is `{ source, dimensions }` as in
// https://www.meilisearch.com/docs/capabilities/hybrid_search/how_to/search_with_user_provided_embeddings;
// a key without `settings.get` gets 403 invalid_api_key, https://www.meilisearch.com/docs/reference/errors/error_codes#invalid_api_key),
// in front of the fake engine that runs the hybrid searches.
const adminKey = "meili-admin-key-for-semantic-check";
const searchKey = "meili-search-key-for-semantic-check";
const { records } = semanticRecords("underscored", (vector) => ({
  _vectors: { docs: vector, own: vector },
}));
// The engine partly masks a remote embedder's apiKey in its answer; check never prints it.
const providerKey = "XXX-provider-key-never-printed";
const embedders = {
  docs: { source: "userProvided", dimensions },
  own: {
    source: "rest",
    url: "https://embedder.example.com/embed",
    apiKey: providerKey,
    dimensions,
    documentTemplate: "{{doc.content}}",
    request: { input: "{{text}}" },
    response: { embedding: "{{embedding}}" },
  },
};
let engine: FakeHostedEngine;
let overlay: RawServer;

beforeAll(async () => {
  engine = await startFakeMeilisearch({
    indexes: { docs: records },
    keys: [
      { key: adminKey, uid: "admin", indexes: ["*"], actions: ["*"] },
      { key: searchKey, uid: "search", indexes: ["docs"] },
    ],
    searchableAttributes: ["hierarchy_lvl1", "hierarchy_lvl2", "content"],
    filterableAttributes: ["url_without_anchor"],
    embedders: {
      docs: { source: "userProvided", dimensions },
      own: { source: "rest", dimensions, embed: (text) => hashedEmbedding(text, dimensions) },
    },
  });
  overlay = await startSettingsOverlay(engine.urls[0] ?? "", {
    "/indexes/docs/settings/embedders": (headers) =>
      headers.authorization === `Bearer ${adminKey}`
        ? { status: 200, body: embedders }
        : {
            status: 403,
            body: {
              message: "The provided API key is invalid.",
              code: "invalid_api_key",
              type: "auth",
              link: "https://docs.meilisearch.com/errors#invalid_api_key",
            },
          },
  });
});
afterAll(async () => {
  await overlay?.close();
  await engine?.close();
});

const environment = (embedder: string, key = adminKey) => ({
  SEARCH_DOCS_BACKEND: "meilisearch",
  SEARCH_DOCS_MEILISEARCH_URL: overlay.url,
  SEARCH_DOCS_MEILISEARCH_API_KEY: key,
  SEARCH_DOCS_MEILISEARCH_EMBEDDER: embedder,
  SEARCH_DOCS_AREAS: '{"docs":["docs"]}',
});

/** An app's own configuration: its backend and check given the same semantic option. */
function appConfig(semantic: MeilisearchSemanticOptions): EngineConfig {
  const areas = { docs: ["docs"] };
  return {
    engine: "meilisearch",
    origin: overlay.url,
    areas,
    caller: { token: adminKey },
    check: { engine: "meilisearch", url: overlay.url, records: "docsearch", semantic },
    open: async () => ({
      backend: meilisearchBackend({ url: overlay.url, semantic }),
      areas,
      close: async () => {},
    }),
  };
}

describe("search-docs check on a Meilisearch embedder", () => {
  it("an embedder that embeds queries itself passes, with its source and dimensions", async () => {
    const { code, out } = await runCli(["check"], environment("own"));
    expect(out).toMatch(
      /✓ semantic stage +embedder "own" \(rest, 16 dimensions\) embeds the query itself/,
    );
    expect(out).toMatch(/✓ probe search answers/);
    expect(out).not.toContain(providerKey);
    expect(code).toBe(0);
  });

  it("a typo in the embedder's name: the semantic row names the embedders there, not the index", async () => {
    const { code, out } = await runCli(["check"], environment("onw"));
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ semantic stage +index docs has no embedder "onw" \(its embedders: docs, own\)/,
    );
    expect(out).toContain(
      "fix: set SEARCH_DOCS_MEILISEARCH_EMBEDDER (semantic.embedder in code) to one of docs, own",
    );
    expect(out).toMatch(/✓ collection exists/);
    expect(out).not.toContain("create the index");
  });

  it("a userProvided embedder with no embed: the engine cannot embed the query", async () => {
    const { code, out } = await runCli(["check"], environment("docs"));
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ semantic stage +embedder "docs" \(userProvided, 16 dimensions\) cannot embed the query, and no embed is configured/,
    );
    expect(out).toMatch(/fix: give semantic\.embed \(app code/);
  });

  it("a key that may not read settings: reported as such, never as missing; the probe speaks", async () => {
    const good = await runCli(["check"], environment("own", searchKey));
    expect(good.out).toMatch(
      /– semantic stage +embedders not read \(403: the key lacks settings\.get\); the probe below runs the semantic search/,
    );
    expect(good.out).not.toMatch(/no embedder/);
    expect(good.code).toBe(0);
    // With the typo, the probe's refusal lands on the semantic row, not on "collection exists".
    const typo = await runCli(["check"], environment("onw", searchKey));
    expect(typo.code).toBe(7);
    expect(typo.out).toMatch(/✗ semantic stage +misconfigured: HTTP 400 invalid_search_embedder/);
    expect(typo.out).toMatch(/✓ collection exists/);
    expect(typo.out).not.toContain("create the index");
  });

  it("in code, a userProvided embedder with the app's embed passes", async () => {
    const report = await runCheck(appConfig({ embedder: "docs", embed, dimensions }));
    const text = formatCheckReport(report);
    expect(text).toMatch(
      /✓ semantic stage +embedder "docs" \(userProvided, 16 dimensions\): the app's embed gives the query's vector/,
    );
    expect(report.passed).toBe(true);
  });

  it("in code, semantic.dimensions other than the embedder's: the row gives both numbers", async () => {
    const report = await runCheck(appConfig({ embedder: "docs", embed, dimensions: 8 }));
    const row = report.rows.find((candidate) => candidate.step === "semantic");
    expect(row).toMatchObject({
      state: "fail",
      detail: 'embedder "docs" has 16 dimensions; semantic.dimensions says 8',
    });
    expect(row?.fix).toContain("set semantic.dimensions to 16");
    expect(report.passed).toBe(false);
  });
});
