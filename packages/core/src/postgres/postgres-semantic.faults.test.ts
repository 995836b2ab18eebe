import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteDatabase, startPgliteDatabase } from "../__fixtures__/pglite-for-tests.js";
import { describeWithPostgres, startTestDatabase } from "../__fixtures__/postgres-for-tests.js";
import {
  expectMisconfigured,
  plain,
  unreachable,
  unreachablePage,
} from "../__fixtures__/semantic-records.js";
import { fixedEmbed, loadVectorSections } from "../__fixtures__/vector-sections.js";
import type { SearchBackend } from "../backend/search-backend.js";
import type { QueryEmbed } from "../backend-kit/query-vector.js";
import { createDocsSearch } from "../create-docs-search.js";
import { testAttempt } from "../testing/test-attempt.js";
import { postgresBackend } from "./postgres-backend.js";
import type { PostgresPool } from "./postgres-pool.js";
import type { PostgresSemanticOptions } from "./postgres-semantic.js";

// Each way a semantic stage's setup can be wrong is `unavailable` with its cause in the trace,
// never `no_matches`: what pgvector and PostgreSQL raise (real pgvector on PGlite; the missing
// extension also on a real PostgreSQL 15, which has no pgvector here), and what the app's
// embedder does.

const docsOver = (backend: SearchBackend) =>
  createDocsSearch({
    backend,
    areas: { handbook: ["docs"] },
    limits: { deadlineMs: 2000 },
    retry: { baseDelayMs: 2, maxDelayMs: 10 },
  });

function semanticOver(pool: PostgresPool, semantic: Partial<PostgresSemanticOptions>) {
  const backend = postgresBackend({
    pool,
    semantic: { column: "embedding", embed: fixedEmbed, ...semantic },
  });
  return { backend, docs: docsOver(backend) };
}

/** The reason the PostgreSQL backend gives a SQLSTATE with a semantic stage configured. */
const sqlstate = (code: string, label: string) => `SQLSTATE ${code} ${label}`;

describe("postgresBackend semantic failures, against pgvector (PGlite)", () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await startPgliteDatabase();
    await loadVectorSections(database.db, database.pool);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("a column the table does not have (42703)", async () => {
    const { backend, docs } = semanticOver(database.pool, { column: "embeddings" });
    const reason = sqlstate(
      "42703",
      "undefined_column (the semantic column, or a column of the layout)",
    );
    await expectMisconfigured(backend, docs, reason, "42703 undefined_column");
  });

  it("a column that is not a vector (42883, no <=> for text)", async () => {
    const { backend, docs } = semanticOver(database.pool, { column: "body" });
    const reason = sqlstate(
      "42883",
      "undefined_function (the semantic column is not a pgvector vector)",
    );
    await expectMisconfigured(backend, docs, reason, "42883");
  });

  // `docs` has no rows: the vector is checked against the column's declared vector(3) all the same.
  it("a query vector of other dimensions than the column's: pgvector's 22000, in both modes, even in an empty collection", async () => {
    const two: QueryEmbed = async () => [1, 0];
    const reason = sqlstate(
      "22000",
      "data_exception (pgvector: the query vector's dimensions differ from the column's)",
    );
    for (const hybrid of [true, false]) {
      const { backend, docs } = semanticOver(database.pool, { embed: two, hybrid });
      await expectMisconfigured(backend, docs, reason, "dimensions differ");
    }
  });

  it("with `dimensions`, a vector of the wrong length is refused before it is sent", async () => {
    const { backend, docs } = semanticOver(database.pool, {
      embed: async () => [1, 0],
      dimensions: 3,
    });
    await expectMisconfigured(
      backend,
      docs,
      "query embedding has 2 dimensions, the index 3",
      "2 dimensions, the index 3",
    );
  });

  it("an embedder that throws is transient (retried), then unavailable naming the error's type only", async () => {
    let calls = 0;
    const { backend, docs } = semanticOver(database.pool, {
      embed: async () => {
        calls += 1;
        throw new TypeError("fetch failed: https://embed.example.com?key=secret");
      },
    });
    expect(await backend.searchPage(unreachablePage, plain())).toEqual({
      kind: "transient",
      reason: "query embedding failed (TypeError)",
    });
    const { output, trace } = await docs.search({ query: unreachable }, { caller: { token: "t" } });
    expect(output.status).toBe("unavailable");
    expect(calls).toBeGreaterThan(2);
    expect(JSON.stringify(trace)).not.toContain("secret");
    expect(trace.failures).toMatchObject([
      // Core's trace names a transient failure past its budget `network`.
      { kind: "network", reason: expect.stringContaining("query embedding failed (TypeError)") },
    ]);
  });

  it("an embedder that never answers ends with the attempt's signal, holding no connection", async () => {
    const { backend } = semanticOver(database.pool, {
      embed: (_text, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason)),
        ),
    });
    const outcome = await backend.searchPage(
      unreachablePage,
      testAttempt({ caller: { token: "t" }, timeoutMs: 50 }),
    );
    expect(outcome).toEqual({
      kind: "transient",
      reason: "query embedding stopped by the attempt's signal",
    });
    // The pool's one client is free: a search right after runs at once.
    const words = await postgresBackend({ pool: database.pool }).searchPage(
      { ...unreachablePage, collectionId: "runbooks", query: "alpha" },
      plain(),
    );
    expect(words.kind).toBe("page");
  });
});

describe("postgresBackend semantic without the pgvector extension (PGlite)", () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await startPgliteDatabase({ vector: false });
    await database.db.exec("alter table search_docs_sections add column embedding real[]");
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('is type "vector" does not exist (42704), in both modes', async () => {
    const reason = sqlstate(
      "42704",
      "undefined_object (type vector: is the pgvector extension installed? CREATE EXTENSION vector)",
    );
    for (const hybrid of [true, false]) {
      const { backend, docs } = semanticOver(database.pool, { hybrid });
      await expectMisconfigured(backend, docs, reason, "CREATE EXTENSION vector");
    }
  });
});

describeWithPostgres("postgresBackend semantic on a real PostgreSQL 15 without pgvector", () => {
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  beforeAll(async () => {
    database = await startTestDatabase();
    await database.admin.query("alter table search_docs_sections add column embedding real[]");
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("the missing extension is unavailable with the fix in the trace, as the app's role", async () => {
    const { backend, docs } = semanticOver(database.appPool(), {});
    await expectMisconfigured(
      backend,
      docs,
      sqlstate(
        "42704",
        "undefined_object (type vector: is the pgvector extension installed? CREATE EXTENSION vector)",
      ),
      "42704",
    );
  });
});
