import {
  type FakeHostedEngine,
  hashedEmbedding,
  startFakeMeilisearch,
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
import { type MeilisearchBackendOptions, meilisearchBackend } from "./meilisearch-backend.js";
import { tenantToken } from "./tenant-token.js";

// Meilisearch's hybrid first stage against the fake engine, with fixed vectors in the records and
// a deterministic embedder (a hashed bag of words): the request each attempt sends, that the
// semantic side reaches a section no word of the query is in, that a tenant token's filter still
// scopes it, and each way it fails read as `unavailable` with the cause in the trace. Semantic
// quality is not measured here: the embedder is a stand-in with no model behind it.

const { records, targetId } = semanticRecords("underscored", (vector) => ({
  _vectors: { docs: vector, own: vector },
}));
const parentKey = "parent-search-key-never-sent";
const uid = "6062abda-a5aa-4414-ac91-ecd7944c0f8d";
let fake: FakeHostedEngine | undefined;

async function start(): Promise<FakeHostedEngine> {
  fake = await startFakeMeilisearch({
    indexes: { docs: records },
    keys: [
      { key: "plain-key", uid: "plain", indexes: ["docs"] },
      { key: parentKey, uid, indexes: ["docs"] },
    ],
    searchableAttributes: ["hierarchy_lvl1", "hierarchy_lvl2", "content"],
    filterableAttributes: ["url_without_anchor", "team"],
    embedders: {
      docs: { source: "userProvided", dimensions },
      own: { source: "rest", dimensions, embed: (text) => hashedEmbedding(text, dimensions) },
    },
  });
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function backend(
  engine: FakeHostedEngine,
  semantic: MeilisearchBackendOptions["semantic"],
): ReturnType<typeof meilisearchBackend> {
  return meilisearchBackend({ url: engine.urls[0] ?? "", semantic });
}

function docsOver(engine: FakeHostedEngine, semantic: MeilisearchBackendOptions["semantic"]) {
  return createDocsSearch({
    backend: backend(engine, semantic),
    areas: { handbook: ["docs"] },
    limits: { deadlineMs: 2000, conflictWaitMs: 100 },
    retry: { baseDelayMs: 2, maxDelayMs: 10 },
  });
}

describe("meilisearchBackend semantic", () => {
  it("sends hybrid with the app's embedder and ratio, and the app's vector of the query", async () => {
    const engine = await start();
    const signals: AbortSignal[] = [];
    const attempt = plain();
    const outcome = await backend(engine, {
      embedder: "docs",
      semanticRatio: 0.8,
      embed: async (text, { signal }) => {
        signals.push(signal);
        return embed(text);
      },
    }).searchPage(page, attempt);
    const body = engine.requests.at(-1)?.body as Record<string, unknown>;
    expect(body.hybrid).toEqual({ embedder: "docs", semanticRatio: 0.8 });
    expect(body.vector).toEqual(hashedEmbedding(unreachable, dimensions));
    expect(body).toMatchObject({ q: unreachable, offset: 0, limit: 20, showRankingScore: true });
    // The embedding runs inside the attempt: its signal is the attempt's.
    expect(signals).toEqual([attempt.signal]);
    expect(outcome.kind).toBe("page");
  });

  it("reaches a section no query word is in; keyword search alone finds nothing", async () => {
    const engine = await start();
    const semantic = await backend(engine, {
      embedder: "docs",
      semanticRatio: 1,
      embed,
    }).searchPage(page, plain());
    if (semantic.kind !== "page") throw new Error(`expected a page, got ${semantic.kind}`);
    expect(semantic.hits[0]?.documentId).toBe(targetId);
    expect((await backend(engine, undefined).searchPage(page, plain())).kind).toBe("no_match");
    // An embedder the engine calls itself: no vector is sent, the engine embeds `q`.
    const own = await backend(engine, { embedder: "own", semanticRatio: 1 }).searchPage(
      page,
      plain(),
    );
    expect(engine.requests.at(-1)?.body).not.toHaveProperty("vector");
    expect(own.kind === "page" && own.hits[0]?.documentId).toBe(targetId);
  });

  it("keeps the tenant token's filter: a user of the other team never gets the section", async () => {
    const engine = await start();
    const mint = (team: string) => ({
      parentKey,
      apiKeyUid: uid,
      restrictionsFor: () => ({ searchRules: { docs: { filter: `team = ${team}` } } }),
    });
    const semantic = { embedder: "docs", semanticRatio: 1, embed };
    const mine = await meilisearchBackend({
      url: engine.urls[0] ?? "",
      mint: mint("platform"),
      semantic,
    }).searchPage(page, testAttempt({ caller: { token: "alice" } }));
    expect(mine.kind === "page" && mine.hits[0]?.documentId).toBe(targetId);
    const theirs = await meilisearchBackend({
      url: engine.urls[0] ?? "",
      mint: mint("support"),
      semantic,
    }).searchPage(page, testAttempt({ caller: { token: "bob" } }));
    if (theirs.kind !== "page") throw new Error(`expected a page, got ${theirs.kind}`);
    expect(theirs.hits.map((hit) => hit.documentId)).not.toContain(targetId);
    expect(theirs.hits.length).toBeGreaterThan(0);
  });

  it("an embedder the index lacks is unavailable with invalid_search_embedder in the trace, never no_matches", async () => {
    const engine = await start();
    const absent = { embedder: "absent", embed };
    await expectMisconfigured(
      backend(engine, absent),
      docsOver(engine, absent),
      "HTTP 400 invalid_search_embedder",
      "invalid_search_embedder",
    );
  });

  it("a vector of the wrong length is unavailable: the engine's invalid_vector_dimensions, or refused before sending when dimensions is set", async () => {
    const engine = await start();
    const short = async (text: string) => hashedEmbedding(text, 8);
    expect(
      await backend(engine, { embedder: "docs", embed: short }).searchPage(page, plain()),
    ).toEqual({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 invalid_vector_dimensions",
    });
    const sent = engine.requests.length;
    const refused = await backend(engine, {
      embedder: "docs",
      embed: short,
      dimensions,
    }).searchPage(page, plain());
    expect(refused).toMatchObject({ kind: "failed", cause: "misconfigured" });
    expect(refused.kind === "failed" && refused.reason).toContain("8 dimensions");
    expect(engine.requests).toHaveLength(sent);
    const { output, trace } = await docsOver(engine, { embedder: "docs", embed: short }).search(
      { query: unreachable },
      { caller: { token: "plain-key" } },
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures[0]?.reason).toContain("invalid_vector_dimensions");
  });

  it("a userProvided embedder without the app's embed is the engine's vector_embedding_error: unavailable", async () => {
    const engine = await start();
    expect(await backend(engine, { embedder: "docs" }).searchPage(page, plain())).toEqual({
      kind: "failed",
      cause: "rejected",
      reason: "HTTP 400 vector_embedding_error",
    });
  });

  it("the app's embed failing, hanging or answering no vector is unavailable, never no_matches", async () => {
    const engine = await start();
    const caller = { token: "plain-key" };
    const failing = async () => {
      throw new TypeError("fetch failed https://embeddings.example/?key=secret");
    };
    const failed = await docsOver(engine, { embedder: "docs", embed: failing }).search(
      { query: unreachable },
      { caller },
    );
    expect(failed.output.status).toBe("unavailable");
    expect(failed.trace.failures[0]?.reason).toContain("query embedding failed (TypeError)");
    expect(JSON.stringify(failed.trace)).not.toContain("secret");
    const hanging = (_text: string, { signal }: { signal: AbortSignal }) =>
      new Promise<number[]>((_resolve, reject) =>
        signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
      );
    const started = Date.now();
    const hung = await docsOver(engine, { embedder: "docs", embed: hanging }).search(
      { query: unreachable },
      { caller },
    );
    expect(hung.output.status).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(10_000);
    const empty = await docsOver(engine, {
      embedder: "docs",
      embed: async () => [Number.NaN],
    }).search({ query: unreachable }, { caller });
    expect(empty.output.status).toBe("unavailable");
    expect(empty.trace.failures[0]?.reason).toContain("not a vector of finite numbers");
  });

  it("answers ok through createDocsSearch with the semantic hit first", async () => {
    const engine = await start();
    const { output } = await docsOver(engine, { embedder: "docs", semanticRatio: 1, embed }).search(
      { query: unreachable },
      { caller: { token: "plain-key" } },
    );
    expect(output.status).toBe("ok");
    expect(output.results.length).toBeGreaterThan(0);
  });

  it("refuses a bad semantic option with a ConfigurationError naming it", () => {
    const url = "http://127.0.0.1:9";
    for (const semantic of [
      { embedder: "" },
      { embedder: "docs", semanticRatio: 1.5 },
      { embedder: "docs", semanticRatio: Number.NaN },
      { embedder: "docs", embed: "not a function" },
      { embedder: "docs", dimensions: 0 },
    ]) {
      expect(() =>
        meilisearchBackend({ url, semantic: semantic as MeilisearchBackendOptions["semantic"] }),
      ).toThrow(ConfigurationError);
    }
  });

  it("a tenant token the app minted itself still reads the index semantically", async () => {
    const engine = await start();
    const token = await tenantToken({
      parentKey,
      apiKeyUid: uid,
      searchRules: { docs: { filter: "team = platform" } },
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    const outcome = await backend(engine, { embedder: "docs", semanticRatio: 1, embed }).searchPage(
      page,
      testAttempt({ caller: { token } }),
    );
    expect(outcome.kind === "page" && outcome.hits[0]?.documentId).toBe(targetId);
  });
});
