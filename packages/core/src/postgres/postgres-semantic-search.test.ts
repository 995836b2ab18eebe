import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PgliteDatabase,
  recordingPool,
  startPgliteDatabase,
} from "../__fixtures__/pglite-for-tests.js";
import { fixedEmbed, loadVectorSections } from "../__fixtures__/vector-sections.js";
import type { PageRequest } from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import { testAttempt } from "../testing/test-attempt.js";
import { type PostgresBackendOptions, postgresBackend } from "./postgres-backend.js";
import type { PostgresSemanticOptions } from "./postgres-semantic.js";

// The semantic first stage against real pgvector (PGlite, __fixtures__/pglite-for-tests.ts), on
// fixed vectors whose rankings are computed by hand in __fixtures__/vector-sections.ts. Semantic
// quality is not measured here: no embedding model runs.

const page = (query: string, extra: Partial<PageRequest> = {}): PageRequest => ({
  collectionId: "runbooks",
  query,
  pageSize: 20,
  continuation: undefined,
  ...extra,
});
const attempt = (caller: Caller = { token: "reader" }) => testAttempt({ caller });

describe("postgresBackend semantic, against pgvector (PGlite)", () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await startPgliteDatabase();
    await loadVectorSections(database.db, database.pool);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const backendWith = (
    semantic: Partial<PostgresSemanticOptions>,
    options: Partial<PostgresBackendOptions> = {},
  ) => {
    const recording = recordingPool(database.pool);
    const backend = postgresBackend({
      pool: recording.pool,
      semantic: { column: "embedding", embed: fixedEmbed, dimensions: 3, ...semantic },
      ...options,
    });
    // The search statement is the one holding the vector parameter.
    const searches = () =>
      recording.sent.filter((statement) => statement.text.includes("::vector"));
    return { backend, searches };
  };
  const order = async (
    backend: ReturnType<typeof backendWith>["backend"],
    request: PageRequest,
  ) => {
    const outcome = await backend.searchPage(request, attempt());
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(outcome)}`);
    return outcome;
  };

  it("vector-only sends ORDER BY embedding <=> $2::vector within the collection, the vector in pgvector's text form", async () => {
    const { backend, searches } = backendWith({ hybrid: false });
    const outcome = await order(backend, page("alpha"));
    const [sent] = searches();
    expect(sent?.values).toEqual(["runbooks", "[1,0,0]", 21, 0, false]);
    expect(sent?.text).toContain('order by section_row."embedding" <=> $2::vector');
    expect(sent?.text).toContain(
      'where section_row."collection_id" = $1 and section_row."embedding" is not null',
    );
    // Cosine similarity c scored (1 + c) / 2: gamma 1, beta-notes 0.9, alpha-guide 0.5, delta 0.
    expect(outcome.hits.map((hit) => [hit.documentId, hit.score])).toEqual([
      ["gamma", 1],
      ["beta-notes", expect.closeTo(0.9, 6)],
      ["alpha-guide", 0.5],
      ["delta", 0],
    ]);
    expect(outcome.more).toBe(false);
  });

  it("hybrid fuses the word ranking and the vector ranking by reciprocal rank (k = 60) in one statement", async () => {
    const { backend, searches } = backendWith({});
    const outcome = await order(backend, page("alpha"));
    expect(searches()).toHaveLength(1);
    const [sent] = searches();
    expect(sent?.values?.slice(4)).toEqual(["runbooks", 21, 0, false, "[1,0,0]"]);
    expect(sent?.text).toContain('order by section_row."embedding" <=> $9::vector');
    // Words: alpha-guide 1, beta-notes 2. Vector: gamma 1, beta-notes 2, alpha-guide 3, delta 4.
    expect(outcome.hits.map((hit) => [hit.documentId, hit.score])).toEqual([
      ["alpha-guide", expect.closeTo(1 / 61 + 1 / 63, 12)],
      ["beta-notes", expect.closeTo(2 / 62, 12)],
      ["gamma", expect.closeTo(1 / 61, 12)],
      ["delta", expect.closeTo(1 / 64, 12)],
    ]);
    // Without the stage the words alone find two sections; gamma and delta come from the vector side.
    const words = await postgresBackend({ pool: database.pool }).searchPage(
      page("alpha"),
      attempt(),
    );
    expect(words.kind === "page" && words.hits.map((hit) => hit.documentId)).toEqual([
      "alpha-guide",
      "beta-notes",
    ]);
  });

  it("pages the fused ranking: later pages continue the same order", async () => {
    const { backend, searches } = backendWith({});
    const first = await order(backend, page("alpha", { pageSize: 2 }));
    expect(first.hits.map((hit) => hit.documentId)).toEqual(["alpha-guide", "beta-notes"]);
    expect(first.more).toBe(true);
    const second = await order(backend, page("alpha", { pageSize: 2, continuation: first.next }));
    expect(second.hits.map((hit) => hit.documentId)).toEqual(["gamma", "delta"]);
    expect(searches()[1]?.values?.slice(5, 7)).toEqual([3, 2]);
  });

  it("finds sections by the vector when no word matches, and says no_match only for an empty collection", async () => {
    const { backend } = backendWith({});
    const outcome = await order(backend, page("zebra quasar"));
    // [0, 0, 1] is orthogonal to every row: all four tie on the vector side, in id order.
    expect(outcome.hits.map((hit) => hit.documentId)).toEqual([
      "alpha-guide",
      "beta-notes",
      "delta",
      "gamma",
    ]);
    const empty = await backend.searchPage(
      page("alpha", { collectionId: "nothing-here" }),
      attempt(),
    );
    expect(empty).toEqual({ kind: "no_match" });
  });

  it("uses the distance the app names: l2 (<->) and inner_product (<#>)", async () => {
    const l2 = backendWith({ hybrid: false, distance: "l2" });
    const byL2 = await order(l2.backend, page("alpha"));
    expect(l2.searches()[0]?.text).toContain('"embedding" <-> $2::vector');
    // Distances 0, sqrt(0.4), sqrt(2), 2; pgvector stores float4, so six digits.
    expect(byL2.hits.map((hit) => [hit.documentId, hit.score])).toEqual([
      ["gamma", 1],
      ["beta-notes", expect.closeTo(1 / (1 + Math.sqrt(0.4)), 6)],
      ["alpha-guide", expect.closeTo(1 / (1 + Math.SQRT2), 6)],
      ["delta", expect.closeTo(1 / 3, 6)],
    ]);
    const inner = backendWith({ hybrid: false, distance: "inner_product" });
    const byInner = await order(inner.backend, page("alpha"));
    expect(inner.searches()[0]?.text).toContain('"embedding" <#> $2::vector');
    const logistic = (product: number) => 1 / (1 + Math.exp(-product));
    expect(byInner.hits.map((hit) => [hit.documentId, hit.score])).toEqual([
      ["gamma", expect.closeTo(logistic(1), 6)],
      ["beta-notes", expect.closeTo(logistic(0.8), 6)],
      ["alpha-guide", 0.5],
      ["delta", expect.closeTo(logistic(-1), 6)],
    ]);
  });

  it("never reaches another collection's rows by the vector side, in either mode", async () => {
    for (const hybrid of [true, false]) {
      const { backend } = backendWith({ hybrid });
      const outcome = await order(backend, page("alpha"));
      // `secrets` holds a section as near as gamma and with the word three times.
      expect(outcome.hits.map((hit) => hit.documentId)).not.toContain("leak");
      const secrets = await order(backend, page("alpha", { collectionId: "secrets" }));
      expect(secrets.hits.map((hit) => hit.documentId)).toEqual(["leak"]);
    }
  });

  it("keeps row-level security on the vector side: prepareAttempt's role sees only its team's rows", async () => {
    for (const hybrid of [true, false]) {
      const { backend } = backendWith(
        { hybrid },
        {
          prepareAttempt: async (client, caller) => {
            const role = "token" in caller && caller.token === "b-session" ? "team_b" : "team_a";
            await client.query(`set local role ${role}`);
          },
        },
      );
      const teams = page("alpha", { collectionId: "teams" });
      const forA = await backend.searchPage(teams, attempt({ token: "a-session" }));
      const forB = await backend.searchPage(teams, attempt({ token: "b-session" }));
      expect(forA.kind === "page" && forA.hits.map((hit) => hit.documentId)).toEqual([
        "team-a-page",
      ]);
      expect(forB.kind === "page" && forB.hits.map((hit) => hit.documentId)).toEqual([
        "team-b-page",
      ]);
    }
  });
  // Last: it dates one section today, which no test above reads.
  it('blends recency into the vector score with prefer: "recent"', async () => {
    // Through the pool, not `db`: PGlite has one session, and the last attempt's COMMIT (which the
    // backend does not wait for) may still be pending on it; the pool's one client waits for it.
    await database.pool.query(
      "update search_docs_sections set updated_at = now() where document_id = 'delta'",
    );
    const { backend, searches } = backendWith({ hybrid: false });
    const outcome = await order(backend, page("alpha", { prefer: "recent" }));
    expect(searches()[0]?.values?.[4]).toBe(true);
    // delta: half of 0 (opposite vector) + half of 1 (today) = 0.5, above alpha-guide's 0.25 plus
    // half a seven-month-old section's recency (under 0.07).
    const ids = outcome.hits.map((hit) => hit.documentId);
    expect(ids.indexOf("delta")).toBeLessThan(ids.indexOf("alpha-guide"));
    expect(outcome.hits.find((hit) => hit.documentId === "delta")?.score).toBeCloseTo(0.5, 3);
  });
});
