import type { FakeHostedEngine } from "@search-docs/test-servers";
import { contractPageUrl, startFakeMeilisearch } from "@search-docs/test-servers";
import { describe, expect, it } from "vitest";
import { expectEnginePassages } from "../__fixtures__/expect-engine-passages.js";
import { expectTeamsApart } from "../__fixtures__/expect-teams-apart.js";
import * as teams from "../__fixtures__/team-records.js";
import { contractDocuments } from "../testing/contract-documents.js";
import { testAttempt } from "../testing/test-attempt.js";
import { meilisearchBackend } from "./meilisearch-backend.js";
import { meilisearchErrorTable } from "./meilisearch-status-table.js";
import { tenantToken } from "./tenant-token.js";

const documents = contractDocuments();
const records = teams.records("underscored");
const parentKey = "parent-search-key-never-sent";
const uid = "6062abda-a5aa-4414-ac91-ecd7944c0f8d";
const started = teams.fakePerTest();

async function start(filterable = ["url_without_anchor", "team"]): Promise<FakeHostedEngine> {
  return started(
    await startFakeMeilisearch({
      indexes: { docs: records, other: records },
      keys: [
        { key: parentKey, uid, indexes: ["docs", "gone"] },
        { key: "plain-key", uid: "plain", indexes: ["docs"] },
      ],
      searchableAttributes: ["hierarchy_lvl1", "hierarchy_lvl2", "content"],
      filterableAttributes: filterable,
    }),
  );
}

function minting(engine: FakeHostedEngine, extra: { expiresAt?: number } = {}) {
  return meilisearchBackend({
    url: engine.urls[0] ?? "",
    mint: {
      parentKey,
      apiKeyUid: uid,
      restrictionsFor: teams.restrictedBy((team) => ({
        searchRules: { docs: { filter: `team = ${team}` }, gone: null },
        ...extra,
      })),
    },
  });
}

const page = teams.firstPage;
const attempt = teams.attemptOf;
const soon = () => Math.floor(Date.now() / 1000) + 600;

describe("meilisearchBackend", () => {
  it("two users on tenant tokens minted per call see different documents", async () => {
    await expectTeamsApart(minting(await start()), teams.ofPage(records));
  });

  it("never sends the parent key", async () => {
    const engine = await start();
    const { sent } = await teams.expectParentKeyKept(engine, minting(engine), parentKey);
    expect(sent?.headers.authorization).toMatch(/^Bearer ey/);
  });

  it("a token it minted that the engine refuses (403 invalid_api_key) is unauthorized, never forbidden", async () => {
    const engine = await start();
    // Expired on the engine's clock: the same 403 invalid_api_key a forbidden index gets.
    const expired = await minting(engine, { expiresAt: 1 }).searchPage(
      page,
      attempt("alice-session"),
    );
    expect(expired).toMatchObject({ kind: "unauthorized", reason: expect.stringContaining("403") });
    // Outside the user's searchRules: forbidden, known before sending.
    const before = engine.requests.length;
    expect(
      (
        await minting(engine).searchPage(
          { ...page, collectionId: "other" },
          attempt("alice-session"),
        )
      ).kind,
    ).toBe("forbidden");
    expect(engine.requests).toHaveLength(before);
  });

  it("a caller's token: expired or forged is unauthorized; unexpired but not naming the index is forbidden; a plain key is never forbidden", async () => {
    const engine = await start();
    const backend = meilisearchBackend({ url: engine.urls[0] ?? "" });
    const expired = await tenantToken({
      parentKey,
      apiKeyUid: uid,
      searchRules: ["docs", "other"],
      expiresAt: 1,
    });
    expect((await backend.searchPage(page, attempt(expired))).kind).toBe("unauthorized");
    const forged = await tenantToken({
      parentKey: "not-the-key",
      apiKeyUid: uid,
      searchRules: ["docs"],
      expiresAt: soon(),
    });
    expect((await backend.searchPage(page, attempt(forged))).kind).toBe("unauthorized");
    const narrow = await tenantToken({
      parentKey,
      apiKeyUid: uid,
      searchRules: ["docs"],
      expiresAt: soon(),
    });
    expect(
      (await backend.searchPage({ ...page, collectionId: "other" }, attempt(narrow))).kind,
    ).toBe("forbidden");
    expect((await backend.searchPage(page, attempt(narrow))).kind).toBe("page");
    expect(
      (await backend.searchPage({ ...page, collectionId: "other" }, attempt("plain-key"))).kind,
    ).toBe("unauthorized");
  });

  it("a hit's passage is Meilisearch's cropped content (_formatted), passageWords long at most", async () => {
    const backend = meilisearchBackend({ url: (await start()).urls[0] ?? "", passageWords: 12 });
    expectEnginePassages(await backend.searchPage(page, attempt("plain-key")), records, 12);
  });

  it("401 missing_authorization_header is unauthorized", async () => {
    const engine = await start();
    const backend = meilisearchBackend({ url: engine.urls[0] ?? "" });
    const outcome = await backend.searchPage(
      page,
      testAttempt({ caller: { headers: { "x-other": "1" } } }),
    );
    expect(outcome).toMatchObject({
      kind: "unauthorized",
      reason: "HTTP 401 missing_authorization_header",
    });
  });

  it("503 too_many_search_requests is overloaded with its Retry-After; index_not_found is misconfigured", async () => {
    const engine = await start();
    const backend = meilisearchBackend({ url: engine.urls[0] ?? "" });
    engine.inject({
      status: 503,
      body: {
        message: "Too many search requests running at the same time: 1000. Retry after 10s.",
        code: "too_many_search_requests",
        type: "system",
        link: "",
      },
      headers: { "retry-after": "10" },
    });
    expect(await backend.searchPage(page, attempt("plain-key"))).toMatchObject({
      kind: "overloaded",
      retryAfterMs: 10_000,
    });
    const missing = await minting(engine).searchPage(
      { ...page, collectionId: "gone" },
      attempt("alice-session"),
    );
    expect(missing).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 404 index_not_found",
    });
    expect(
      (await backend.searchPage({ ...page, query: "quokka xylophone" }, attempt("plain-key"))).kind,
    ).toBe("no_match");
  });

  it("a document field missing from filterableAttributes is misconfigured, never not_found", async () => {
    const engine = await start(["team"]);
    const target = documents[0];
    if (target === undefined) throw new Error("no document");
    const outcome = await meilisearchBackend({ url: engine.urls[0] ?? "" }).getDocument(
      { collectionId: "docs", documentId: contractPageUrl(target) },
      attempt("plain-key"),
    );
    expect(outcome).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 400 invalid_search_filter",
    });
  });

  it("cites a source for every status row", () => {
    for (const row of meilisearchErrorTable) expect(row.source).toMatch(/meilisearch\.com/);
  });
});
