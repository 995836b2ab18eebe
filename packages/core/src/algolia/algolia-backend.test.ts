import type { FakeHostedEngine } from "@search-docs/test-servers";
import { contractPageUrl, startFakeAlgolia } from "@search-docs/test-servers";
import { describe, expect, it } from "vitest";
import { expectEnginePassages } from "../__fixtures__/expect-engine-passages.js";
import { expectTeamsApart } from "../__fixtures__/expect-teams-apart.js";
import * as teams from "../__fixtures__/team-records.js";
import type { SearchBackend } from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { contractDocuments } from "../testing/contract-documents.js";
import { testAttempt } from "../testing/test-attempt.js";
import { algoliaBackend } from "./algolia-backend.js";
import { algoliaErrorTable } from "./algolia-status-table.js";

const documents = contractDocuments();
// Two teams' pages in one index: each user's secured key filters to their team.
const records = teams.records("nested");
const parentKey = "parent-search-key-never-sent";
const started = teams.fakePerTest();

async function start(hosts = 1): Promise<FakeHostedEngine> {
  return started(
    await startFakeAlgolia({
      appId: "APP",
      indices: { docs: records, other: records },
      keys: { [parentKey]: { indices: ["docs", "gone"] }, "plain-key": { indices: ["docs"] } },
      searchableAttributes: ["hierarchy.lvl1", "hierarchy.lvl2", "content"],
      attributesForFaceting: ["url_without_anchor", "team"],
      hosts,
    }),
  );
}

function minting(engine: FakeHostedEngine, extra: { validUntil?: number } = {}): SearchBackend {
  return algoliaBackend({
    appId: "APP",
    hosts: engine.urls,
    mint: {
      parentKey,
      restrictionsFor: teams.restrictedBy((team) => ({
        filters: `team:${team}`,
        restrictIndices: ["docs", "gone"],
        ...extra,
      })),
    },
  });
}

const page = teams.firstPage;
const attempt = teams.attemptOf;

describe("algoliaBackend", () => {
  it("two users on secured keys minted per call see different documents", async () => {
    await expectTeamsApart(minting(await start()), teams.ofPage(records));
  });

  it("never sends the parent key: each request carries a derived key", async () => {
    const engine = await start();
    const { sent } = await teams.expectParentKeyKept(engine, minting(engine), parentKey);
    expect(sent?.headers["x-algolia-api-key"]).toBeDefined();
    expect(sent?.headers["x-algolia-api-key"]).not.toBe(parentKey);
  });

  it("an unknown user is unauthorized and nothing is sent", async () => {
    const engine = await start();
    const outcome = await minting(engine).searchPage(page, attempt("mallory"));
    expect(outcome.kind).toBe("unauthorized");
    expect(engine.requests).toHaveLength(0);
  });

  it("what restrictionsFor throws is rethrown with a fixed message, never its own", async () => {
    const engine = await start();
    const backend = algoliaBackend({
      appId: "APP",
      hosts: engine.urls,
      mint: {
        parentKey,
        restrictionsFor: () => {
          throw new TypeError(`users table down while holding ${parentKey}`);
        },
      },
    });
    await expect(backend.searchPage(page, attempt("alice-session"))).rejects.toThrow(
      /^mint.restrictionsFor threw TypeError$/,
    );
    expect(engine.requests).toHaveLength(0);
  });

  it("an expired secured key (400) is unauthorized, never no_match or forbidden", async () => {
    const engine = await start();
    const outcome = await minting(engine, { validUntil: 1 }).searchPage(
      page,
      attempt("alice-session"),
    );
    expect(outcome).toMatchObject({ kind: "unauthorized" });
    expect(engine.requests.at(-1)).toBeDefined();
  });

  it("403: a bad key is unauthorized, an index the key may not read is forbidden", async () => {
    const engine = await start();
    const backend = algoliaBackend({ appId: "APP", hosts: engine.urls });
    expect((await backend.searchPage(page, attempt("no-such-key"))).kind).toBe("unauthorized");
    expect(
      (await backend.searchPage({ ...page, collectionId: "other" }, attempt("plain-key"))).kind,
    ).toBe("forbidden");
    expect((await backend.searchPage(page, attempt("plain-key"))).kind).toBe("page");
  });

  it("a minted key outside its restrictIndices is forbidden without a request; a parent key refused is misconfigured", async () => {
    const engine = await start();
    const backend = minting(engine);
    expect(
      (await backend.searchPage({ ...page, collectionId: "other" }, attempt("alice-session"))).kind,
    ).toBe("forbidden");
    expect(engine.requests).toHaveLength(0);
    // "gone" is inside the user's restrictIndices and the parent key's list, but does not exist.
    expect(
      await backend.searchPage({ ...page, collectionId: "gone" }, attempt("alice-session")),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
  });

  it("429 is overloaded with its Retry-After; 404 is misconfigured, never no_match", async () => {
    const engine = await start();
    const backend = algoliaBackend({ appId: "APP", hosts: engine.urls });
    engine.inject({
      status: 429,
      body: { message: "Too many requests", status: 429 },
      headers: { "retry-after": "3" },
    });
    expect(await backend.searchPage(page, attempt("plain-key"))).toMatchObject({
      kind: "overloaded",
      retryAfterMs: 3000,
    });
    engine.inject({ status: 404, body: { message: "Index does not exist", status: 404 } });
    expect(await backend.searchPage(page, attempt("plain-key"))).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
    });
    expect(
      (await backend.searchPage({ ...page, query: "quokka xylophone" }, attempt("plain-key"))).kind,
    ).toBe("no_match");
  });

  it("a failed attempt on one host moves the next attempt to the next host", async () => {
    const engine = await start(3);
    const backend = algoliaBackend({ appId: "APP", hosts: engine.urls });
    engine.inject({ host: 0, status: 503, body: { message: "Service Unavailable", status: 503 } });
    expect((await backend.searchPage(page, attempt("plain-key"))).kind).toBe("transient");
    engine.inject({ host: 1, reset: true });
    expect((await backend.searchPage(page, attempt("plain-key"))).kind).toBe("transient");
    expect((await backend.searchPage(page, attempt("plain-key"))).kind).toBe("page");
    expect(engine.requests.map((request) => request.host)).toEqual([0, 1, 2]);
    // A 4xx is the key's or the request's: the cursor stays.
    await backend.searchPage(page, attempt("no-such-key"));
    expect(engine.requests.at(-1)?.host).toBe(2);
  });

  it("an attempt that timed out on one host moves the next attempt to the next host", async () => {
    const engine = await start(2);
    const backend = algoliaBackend({ appId: "APP", hosts: engine.urls });
    engine.inject({ host: 0, delayMs: 1000 });
    await expect(
      backend.searchPage(page, testAttempt({ caller: { token: "plain-key" }, timeoutMs: 100 })),
    ).rejects.toThrow();
    expect((await backend.searchPage(page, attempt("plain-key"))).kind).toBe("page");
    expect(engine.requests.map((request) => request.host)).toEqual([0, 1]);
  });

  it("a hit's passage is Algolia's snippet of the content (_snippetResult), passageWords long at most", async () => {
    const backend = algoliaBackend({ appId: "APP", hosts: (await start()).urls, passageWords: 12 });
    expectEnginePassages(await backend.searchPage(page, attempt("plain-key")), records, 12);
  });

  it("reads a DocSearch page as one document, its anchors as sections in page order", async () => {
    const engine = await start();
    const target = documents[0];
    if (target === undefined) throw new Error("no document");
    const outcome = await algoliaBackend({ appId: "APP", hosts: engine.urls }).getDocument(
      { collectionId: "docs", documentId: contractPageUrl(target) },
      attempt("plain-key"),
    );
    if (outcome.kind !== "document") throw new Error(outcome.kind);
    expect(outcome.document.title).toBe(target.title);
    expect(outcome.document.slug).toBe(target.slug);
    expect(outcome.document.sections.map((section) => section.heading)).toEqual(
      target.sections.map((section) => section.heading),
    );
    const sent = engine.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent.filters).toBe(`url_without_anchor:"${contractPageUrl(target)}"`);
    expect(sent.distinct).toBe(false);
  });

  it("refuses options it cannot work with, never echoing the parent key", () => {
    expect(() => algoliaBackend({ appId: "bad id!" })).toThrow(ConfigurationError);
    expect(() => algoliaBackend({ appId: "APP", hosts: ["http://user:pw@localhost"] })).toThrow(
      ConfigurationError,
    );
    expect(() =>
      algoliaBackend({
        appId: "APP",
        mint: { parentKey: "secret\n", restrictionsFor: () => ({}) },
      }),
    ).toThrow(/mint.parentKey/);
  });

  it("cites a source for every status row", () => {
    for (const row of algoliaErrorTable) expect(row.source).toMatch(/algolia/);
  });
});
