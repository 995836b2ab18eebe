import {
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawServer } from "../__fixtures__/raw-server.js";
import { runCli } from "../__fixtures__/run-cli.js";
import { dimensions, embed, semanticRecords } from "../__fixtures__/semantic-records.js";
import { startSettingsOverlay } from "../__fixtures__/settings-overlay.js";
import type { EngineConfig } from "../config/engine-entry.js";
import { type TypesenseSemanticOptions, typesenseBackend } from "../typesense/index.js";
import { runCheck } from "./run-check.js";

// `check` with a Typesense embedding field configured: the schema read as "Retrieve a collection"
// documents it (https://typesense.org/docs/29.0/api/collections.html#retrieve-a-collection), its
// vector fields as "Vector Search" shows them
// (https://typesense.org/docs/29.0/api/vector-search.html: a `float[]` with `num_dim` for the
// app's embeddings, Option A; `embed: { from, model_config }` for an auto-embedding field,
// Option B); a key without `collections:get` gets Typesense's one 401
// (https://typesense.org/docs/29.0/api/api-keys.html). The fake engine behind runs the searches.
const adminKey = "typesense-admin-key-for-semantic-check";
const searchKey = "typesense-search-key-for-semantic-check";
const { records } = semanticRecords("dotted", (vector) => ({ embedding: vector, vectors: vector }));
const textFields = [
  ...[0, 1, 2, 3, 4, 5, 6].map((level) => `hierarchy.lvl${level}`),
  "content",
  "url_without_anchor",
];
const stringField = (name: string) => ({
  name,
  type: "string",
  facet: false,
  optional: true,
  index: true,
  sort: false,
  infix: false,
  locale: "",
});
const schema = {
  name: "docs",
  num_documents: records.length,
  created_at: 1_733_300_000,
  default_sorting_field: "",
  enable_nested_fields: false,
  fields: [
    ...textFields.map(stringField),
    // The fake's stand-in model (a hashed bag of words) gives 16 numbers, so num_dim says 16.
    {
      name: "embedding",
      type: "float[]",
      num_dim: dimensions,
      vec_dist: "cosine",
      embed: { from: ["content"], model_config: { model_name: "ts/stand-in-hashed-words" } },
      facet: false,
      optional: false,
      index: true,
    },
    { name: "vectors", type: "float[]", num_dim: dimensions, vec_dist: "cosine", index: true },
  ],
  symbols_to_index: [],
  token_separators: [],
};
let engine: FakeHostedEngine;
let overlay: RawServer;

beforeAll(async () => {
  engine = await startFakeTypesense({
    collections: { docs: records },
    keys: {
      [adminKey]: { collections: ["*"], actions: ["*"] },
      [searchKey]: { collections: ["docs"] },
    },
    fields: textFields,
    vectorFields: {
      embedding: { dimensions, embed: (text) => hashedEmbedding(text, dimensions) },
      vectors: { dimensions },
    },
  });
  overlay = await startSettingsOverlay(engine.urls[0] ?? "", {
    "/collections/docs": (headers) =>
      headers["x-typesense-api-key"] === adminKey
        ? { status: 200, body: schema }
        : {
            status: 401,
            body: { message: "Forbidden - a valid `x-typesense-api-key` header must be sent." },
          },
  });
});
afterAll(async () => {
  await overlay?.close();
  await engine?.close();
});

const environment = (field: string, key = adminKey) => ({
  SEARCH_DOCS_BACKEND: "typesense",
  SEARCH_DOCS_TYPESENSE_URL: overlay.url,
  SEARCH_DOCS_TYPESENSE_API_KEY: key,
  SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD: field,
  SEARCH_DOCS_AREAS: '{"docs":["docs"]}',
});

/** An app's own configuration: its backend and check given the same semantic option. */
function appConfig(semantic: TypesenseSemanticOptions): EngineConfig {
  const areas = { docs: ["docs"] };
  return {
    engine: "typesense",
    origin: overlay.url,
    areas,
    caller: { token: adminKey },
    check: { engine: "typesense", url: overlay.url, records: "docsearch", semantic },
    open: async () => ({
      backend: typesenseBackend({ url: overlay.url, semantic }),
      areas,
      close: async () => {},
    }),
  };
}

const semanticRow = async (semantic: TypesenseSemanticOptions) =>
  (await runCheck(appConfig(semantic))).rows.find((row) => row.step === "semantic");

describe("search-docs check on a Typesense embedding field", () => {
  it("an auto-embedding field passes, with its dimensions", async () => {
    const { code, out } = await runCli(["check"], environment("embedding"));
    expect(out).toMatch(
      /✓ semantic stage +field "embedding" \(float\[\], 16 dimensions, auto-embedding\): Typesense embeds the query with the field's model/,
    );
    expect(out).toMatch(/✓ probe search answers/);
    expect(code).toBe(0);
  });

  it("a typo in the field's name: the row names the vector fields there", async () => {
    const { code, out } = await runCli(["check"], environment("embeding"));
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ semantic stage +collection docs has no field "embeding" \(its vector fields: embedding, vectors\)/,
    );
    expect(out).toContain(
      "fix: set SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD (semantic.field in code) to one of embedding, vectors",
    );
    expect(out).not.toContain("create the collection");
  });

  it("a field that is not a vector field: its type, and what it must be", async () => {
    const { code, out } = await runCli(["check"], environment("content"));
    expect(code).toBe(7);
    expect(out).toMatch(/✗ semantic stage +field "content" of docs is string, not a vector field/);
  });

  it("a float[] of the app's vectors with no embed: Typesense cannot embed the query", async () => {
    const { code, out } = await runCli(["check"], environment("vectors"));
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ semantic stage +field "vectors" \(float\[\], 16 dimensions\) has no embed\.from: Typesense cannot embed the query, and no embed is configured/,
    );
  });

  it("a key that may not read the schema: reported as such, never as missing; the probe speaks", async () => {
    const { code, out } = await runCli(["check"], environment("embedding", searchKey));
    expect(out).toMatch(
      /– semantic stage +schema not read \(401: the key lacks collections:get\); the probe below runs the semantic search/,
    );
    expect(out).not.toMatch(/no field/);
    expect(out).toMatch(/✓ probe search answers/);
    expect(code).toBe(0);
    // A typo then reads as Typesense's one 404, as an unknown collection would: the fix says both.
    const typo = await runCli(["check"], environment("embeding", searchKey));
    expect(typo.code).toBe(7);
    expect(typo.out).toMatch(/✗ collection exists +misconfigured: HTTP 404/);
    expect(typo.out).toContain("or, if it is there, fix the semantic option's embedder or field");
  });

  it("in code: the app's embed on a float[] passes; a num_dim other than semantic.dimensions fails", async () => {
    expect(await semanticRow({ field: "vectors", embed, dimensions })).toMatchObject({
      state: "pass",
      detail: `field "vectors" (float[], 16 dimensions): the app's embed gives the query's vector`,
    });
    expect(await semanticRow({ field: "vectors", embed, dimensions: 768 })).toMatchObject({
      state: "fail",
      detail: 'field "vectors" has 16 dimensions; semantic.dimensions says 768',
    });
  });
});
