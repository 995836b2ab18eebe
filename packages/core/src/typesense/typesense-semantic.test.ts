import {
  cosineSimilarity,
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { afterEach, describe, expect, it } from "vitest";
import {
  dimensions,
  embed,
  expectMisconfigured,
  unreachablePage as page,
  plain,
  semanticRecords,
  unreachable,
} from "../__fixtures__/semantic-records.js";
import { createDocsSearch } from "../create-docs-search.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { testAttempt } from "../testing/test-attempt.js";
import { type TypesenseBackendOptions, typesenseBackend } from "./typesense-backend.js";

// Typesense's vector and hybrid first stage against the fake engine, with fixed vectors in the
// records and a deterministic embedder (a hashed bag of words): the request each attempt sends
// (one multi_search, the vector in its body), that the vector side reaches a section no query
// word is in, that a scoped key's filter still applies, and each way it fails — a field that is
// not a vector field, a wrong number of dimensions, a 200 whose one result is an error — read as
// `unavailable` with the cause in the trace. Semantic quality is not measured here.

const { records, targetId } = semanticRecords("dotted", (embedding) => ({ embedding }));
const parentKey = "prntSearchKeyNeverSent";
const fields = [
  ...[0, 1, 2, 3, 4, 5, 6].map((level) => `hierarchy.lvl${level}`),
  "content",
  "url_without_anchor",
  "team",
];
let fake: FakeHostedEngine | undefined;

async function start(): Promise<FakeHostedEngine> {
  fake = await startFakeTypesense({
    collections: { docs: records },
    keys: { [parentKey]: { collections: ["docs"] }, "plain-key": { collections: ["docs"] } },
    fields,
    vectorFields: {
      embedding: { dimensions, embed: (text) => hashedEmbedding(text, dimensions) },
    },
  });
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Semantic = TypesenseBackendOptions["semantic"];

function backend(engine: FakeHostedEngine, semantic: Semantic) {
  return typesenseBackend({ url: engine.urls[0] ?? "", semantic });
}

function docsOver(engine: FakeHostedEngine, semantic: Semantic) {
  return createDocsSearch({
    backend: backend(engine, semantic),
    areas: { handbook: ["docs"] },
    limits: { deadlineMs: 2000, conflictWaitMs: 100 },
    retry: { baseDelayMs: 2, maxDelayMs: 10 },
  });
}

function lastSearch(engine: FakeHostedEngine): Record<string, unknown> {
  const request = engine.requests.at(-1);
  expect(request?.method).toBe("POST");
  expect(request?.path).toBe("/multi_search");
  const body = request?.body as { searches?: Record<string, unknown>[] } | undefined;
  const searches = body?.searches ?? [];
  expect(searches).toHaveLength(1);
  return searches[0] ?? {};
}

describe("typesenseBackend semantic", () => {
  it("sends one multi_search: the user's words in q, the app's vector in vector_query, the key in a header", async () => {
    const engine = await start();
    const attempt = plain();
    const signals: AbortSignal[] = [];
    await backend(engine, {
      field: "embedding",
      alpha: 0.8,
      k: 50,
      embed: async (text, { signal }) => {
        signals.push(signal);
        return embed(text);
      },
    }).searchPage(page, attempt);
    const search = lastSearch(engine);
    const vector = hashedEmbedding(unreachable, dimensions);
    expect(search).toMatchObject({
      collection: "docs",
      q: unreachable,
      query_by:
        "hierarchy.lvl0,hierarchy.lvl1,hierarchy.lvl2,hierarchy.lvl3,hierarchy.lvl4,hierarchy.lvl5,hierarchy.lvl6,content",
      vector_query: `embedding:([${vector.join(",")}], k: 50, alpha: 0.8)`,
      page: "1",
      per_page: "20",
    });
    expect(engine.requests.at(-1)?.headers["x-typesense-api-key"]).toBe("plain-key");
    expect(signals).toEqual([attempt.signal]);
  });

  it("reaches a section no query word is in (hybrid, semantic, and an auto-embedding field); keyword search finds nothing", async () => {
    const engine = await start();
    const first = async (semantic: Semantic) => {
      const outcome = await backend(engine, semantic).searchPage(page, plain());
      if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
      return outcome.hits[0]?.documentId;
    };
    expect(await first({ field: "embedding", embed })).toBe(targetId);
    expect(await first({ field: "embedding", mode: "semantic", embed })).toBe(targetId);
    expect(lastSearch(engine).q).toBe("*");
    // Typesense embeds q itself: the field joins query_by, the vector is left empty.
    expect(await first({ field: "embedding" })).toBe(targetId);
    expect(lastSearch(engine)).toMatchObject({
      q: unreachable,
      query_by: expect.stringMatching(/,content,embedding$/),
      vector_query: "embedding:([], k: 100)",
    });
    expect((await backend(engine, undefined).searchPage(page, plain())).kind).toBe("no_match");
  });

  it("scores each hit by its vector search score, one scale for the page (semantic: 1 - distance / 2)", async () => {
    const engine = await start();
    const outcome = await backend(engine, {
      field: "embedding",
      mode: "semantic",
      embed,
    }).searchPage(page, plain());
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const query = hashedEmbedding(unreachable, dimensions);
    const expected = records
      .map((record) => (1 + cosineSimilarity(record.embedding, query)) / 2)
      .sort((left, right) => right - left)
      .slice(0, outcome.hits.length);
    expect(outcome.hits.map((hit) => hit.score)).toEqual(
      expected.map((score) => expect.closeTo(score, 9)),
    );
  });

  it("keeps the scoped key's filter_by: the other team never gets the section", async () => {
    const engine = await start();
    const scoped = (team: string) =>
      typesenseBackend({
        url: engine.urls[0] ?? "",
        mint: { parentKey, restrictionsFor: () => ({ filter_by: `team:=${team}` }) },
        semantic: { field: "embedding", mode: "semantic", embed },
      });
    const mine = await scoped("platform").searchPage(page, testAttempt({ caller: { token: "a" } }));
    expect(mine.kind === "page" && mine.hits[0]?.documentId).toBe(targetId);
    const theirs = await scoped("support").searchPage(
      page,
      testAttempt({ caller: { token: "b" } }),
    );
    if (theirs.kind !== "page") throw new Error(`expected a page, got ${theirs.kind}`);
    expect(theirs.hits.length).toBeGreaterThan(0);
    expect(theirs.hits.map((hit) => hit.documentId)).not.toContain(targetId);
  });

  it("a field that is not a vector field is unavailable with the cause in the trace, never no_matches", async () => {
    const engine = await start();
    const notVectors = { field: "content", embed };
    await expectMisconfigured(
      backend(engine, notVectors),
      docsOver(engine, notVectors),
      "HTTP 400 the embedding field is not a vector field",
      "not a vector field",
    );
  });

  it("a vector of the wrong length is unavailable: Typesense's own 400, or refused before sending when dimensions is set", async () => {
    const engine = await start();
    const short = async (text: string) => hashedEmbedding(text, 8);
    expect(
      await backend(engine, { field: "embedding", mode: "semantic", embed: short }).searchPage(
        page,
        plain(),
      ),
    ).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 query vector dimensions differ from the field's",
    });
    const sent = engine.requests.length;
    const refused = await backend(engine, {
      field: "embedding",
      embed: short,
      dimensions,
    }).searchPage(page, plain());
    expect(refused).toMatchObject({ kind: "failed", cause: "misconfigured" });
    expect(engine.requests).toHaveLength(sent);
    const { output, trace } = await docsOver(engine, {
      field: "embedding",
      mode: "semantic",
      embed: short,
    }).search({ query: unreachable }, { caller: { token: "plain-key" } });
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]?.reason).toContain("dimensions differ");
  });

  it("a 200 multi_search whose one result is an error is that error, never a page or no_match", async () => {
    const engine = await start();
    engine.inject({ status: 200, body: { results: [{ code: 404, error: "Not found." }] } });
    expect(await backend(engine, { field: "embedding", embed }).searchPage(page, plain())).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 collection or field not found".replace("400", "404"),
    });
    engine.inject({
      status: 200,
      body: { results: [{ code: 503, error: "Not Ready or Lagging" }] },
    });
    expect(
      (await backend(engine, { field: "embedding", embed }).searchPage(page, plain())).kind,
    ).toBe("rebuilding");
    engine.inject({ status: 200, body: { results: [] } });
    expect(
      await backend(engine, { field: "embedding", embed }).searchPage(page, plain()),
    ).toMatchObject({ kind: "failed", cause: "malformed" });
    // A wrong key on multi_search is the same 401 as on the GET endpoint.
    const refused = await backend(engine, { field: "embedding", embed }).searchPage(
      page,
      testAttempt({ caller: { token: "wrong" } }),
    );
    expect(refused.kind).toBe("unauthorized");
  });

  it("the app's embed failing is unavailable with its type in the trace, never no_matches", async () => {
    const engine = await start();
    const { output, trace } = await docsOver(engine, {
      field: "embedding",
      embed: async () => {
        throw new RangeError("quota exceeded for key sk-secret");
      },
    }).search({ query: unreachable }, { caller: { token: "plain-key" } });
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]?.reason).toContain("query embedding failed (RangeError)");
    expect(JSON.stringify(trace)).not.toContain("sk-secret");
  });

  it("answers ok through createDocsSearch, the semantic hit in the results", async () => {
    const engine = await start();
    const { output } = await docsOver(engine, {
      field: "embedding",
      mode: "semantic",
      embed,
    }).search({ query: unreachable }, { caller: { token: "plain-key" } });
    expect(output.status).toBe("ok");
    expect(output.results.length).toBeGreaterThan(0);
  });

  it("refuses a bad semantic option with a ConfigurationError naming it", () => {
    for (const semantic of [
      { field: "" },
      { field: "a b" },
      { field: "embedding", mode: "vector" },
      { field: "embedding", alpha: 2 },
      { field: "embedding", k: 0 },
      { field: "embedding", embed: 1 },
      { field: "embedding", dimensions: 1.5 },
    ]) {
      expect(() =>
        typesenseBackend({ url: "http://127.0.0.1:9", semantic: semantic as Semantic }),
      ).toThrow(ConfigurationError);
    }
  });
});
