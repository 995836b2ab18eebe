import type { FakeHostedEngine, HostedRecord } from "@search-docs/test-servers";
import { startFakeTypesense } from "@search-docs/test-servers";
import { describe, expect, it } from "vitest";
import { expectTeamsApart } from "../__fixtures__/expect-teams-apart.js";
import * as teams from "../__fixtures__/team-records.js";
import { typesenseBackend } from "./typesense-backend.js";
import { typesenseErrorTable } from "./typesense-status-table.js";

const records = teams.records("dotted");
// One long page: 600 records, more than two pages of 250.
const longPage: HostedRecord[] = Array.from({ length: 600 }, (_, position) => ({
  "hierarchy.lvl1": "Glossary",
  "hierarchy.lvl2": `Term ${position + 1}`,
  url: `https://docs.test/glossary#term-${position + 1}`,
  url_without_anchor: "https://docs.test/glossary",
  anchor: `term-${position + 1}`,
  content: `Definition number ${position + 1}.`,
  "weight.position": position,
  team: "platform",
}));
const parentKey = "prntSearchKeyNeverSent";
const fields = [
  "hierarchy.lvl0",
  "hierarchy.lvl1",
  "hierarchy.lvl2",
  "hierarchy.lvl3",
  "hierarchy.lvl4",
  "hierarchy.lvl5",
  "hierarchy.lvl6",
  "content",
  "url_without_anchor",
  "team",
];
const started = teams.fakePerTest();

async function start(): Promise<FakeHostedEngine> {
  return started(
    await startFakeTypesense({
      collections: { docs: [...records, ...longPage] },
      keys: {
        [parentKey]: { collections: ["docs", "gone"] },
        "plain-key": { collections: ["docs"] },
      },
      fields,
    }),
  );
}

function minting(engine: FakeHostedEngine, extra: { expires_at?: number } = {}) {
  return typesenseBackend({
    url: engine.urls[0] ?? "",
    mint: {
      parentKey,
      restrictionsFor: teams.restrictedBy((team) => ({ filter_by: `team:=${team}`, ...extra })),
    },
  });
}

const page = teams.firstPage;
const attempt = teams.attemptOf;

describe("typesenseBackend", () => {
  it("two users on scoped keys minted per call see different documents", async () => {
    await expectTeamsApart(minting(await start()), teams.ofPage(records));
  });

  it("sends the derived key in a header, never the parent key, never in the URL", async () => {
    const engine = await start();
    const { sent, details } = await teams.expectParentKeyKept(engine, minting(engine), parentKey);
    expect(sent?.headers["x-typesense-api-key"]).toBeDefined();
    expect(sent?.query.get("x-typesense-api-key")).toBeNull();
    expect(JSON.stringify(details)).not.toContain(sent?.headers["x-typesense-api-key"]);
  });

  it("an expired scoped key (401) is unauthorized, and so is a collection the key may not read", async () => {
    const engine = await start();
    expect(
      (await minting(engine, { expires_at: 1 }).searchPage(page, attempt("alice-session"))).kind,
    ).toBe("unauthorized");
    const backend = typesenseBackend({ url: engine.urls[0] ?? "" });
    expect(
      (await backend.searchPage({ ...page, collectionId: "elsewhere" }, attempt("plain-key"))).kind,
    ).toBe("unauthorized");
  });

  it("503 Not Ready or Lagging is rebuilding; 429 overloaded; 404 misconfigured; nothing matched is no_match", async () => {
    const engine = await start();
    const backend = typesenseBackend({ url: engine.urls[0] ?? "" });
    engine.inject({ status: 503, body: { message: "Not Ready or Lagging" } });
    expect(await backend.searchPage(page, attempt("plain-key"))).toMatchObject({
      kind: "rebuilding",
    });
    engine.inject({ status: 503, body: { message: "Service Unavailable" } });
    expect((await backend.searchPage(page, attempt("plain-key"))).kind).toBe("transient");
    engine.inject({
      status: 429,
      body: { message: "Rate limit exceeded or blocked" },
      headers: { "retry-after": "2" },
    });
    expect(await backend.searchPage(page, attempt("plain-key"))).toMatchObject({
      kind: "overloaded",
      retryAfterMs: 2000,
    });
    expect(
      await minting(engine).searchPage({ ...page, collectionId: "gone" }, attempt("alice-session")),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
    expect(
      (await backend.searchPage({ ...page, query: "quokka xylophone" }, attempt("plain-key"))).kind,
    ).toBe("no_match");
  });

  it("never asks per_page above 250 (Typesense answers 422)", async () => {
    const engine = await start();
    const outcome = await typesenseBackend({ url: engine.urls[0] ?? "" }).searchPage(
      { ...page, query: "definition", pageSize: 400 },
      attempt("plain-key", { pageItems: 400 }),
    );
    expect(outcome.kind).toBe("page");
    expect(engine.requests.at(-1)?.query.get("per_page")).toBe("250");
  });

  it("reads a document longer than one page of 250 in order, and refuses one over documentSections", async () => {
    const engine = await start();
    const backend = typesenseBackend({ url: engine.urls[0] ?? "" });
    const outcome = await backend.getDocument(
      { collectionId: "docs", documentId: "https://docs.test/glossary" },
      attempt("plain-key"),
    );
    if (outcome.kind !== "document") throw new Error(outcome.kind);
    expect(outcome.document.sections).toHaveLength(600);
    expect(outcome.document.sections[599]?.heading).toBe("Term 600");
    expect(engine.requests.map((request) => request.query.get("page"))).toEqual(["1", "2", "3"]);
    const over = await backend.getDocument(
      { collectionId: "docs", documentId: "https://docs.test/glossary" },
      attempt("plain-key", { documentSections: 500 }),
    );
    expect(over).toMatchObject({ kind: "failed", cause: "too_large" });
  });

  it("cites a source for every status row", () => {
    for (const row of typesenseErrorTable) expect(row.source).toMatch(/typesense/i);
  });
});
