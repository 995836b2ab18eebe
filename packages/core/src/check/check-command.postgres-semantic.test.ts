import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteDatabase, startPgliteDatabase } from "../__fixtures__/pglite-for-tests.js";
import {
  describeWithPostgres,
  keyRotationSection,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import type { EngineConfig } from "../config/engine-entry.js";
import { loadSections } from "../postgres/load-sections.js";
import { postgresBackend } from "../postgres/postgres-backend.js";
import type { PostgresSemanticOptions } from "../postgres/postgres-semantic.js";
import { formatCheckReport } from "./format-check-report.js";
import { postgresVectorColumnInspector } from "./postgres-vector-column.js";
import { runCheck } from "./run-check.js";

// `check` with a pgvector column configured (postgresBackend's `semantic`, set in code: its embed
// is a function). The column's declared type is read from the catalog as pgvector declares it
// (https://github.com/pgvector/pgvector#storing: `vector(n)`, `halfvec(n)`) on PGlite with the
// real pgvector 0.8.7 (__fixtures__/pglite-for-tests.ts); a database without the extension is
// Debian's PostgreSQL 15, which ships no pgvector.

const embed = async () => [1, 0, 0];
const caller = { token: "reader" };

describe("check's semantic stage on a pgvector column (PGlite)", () => {
  let database: PgliteDatabase;
  let connectionString: string;
  beforeAll(async () => {
    database = await startPgliteDatabase();
    // DDL through `db` only: the socket takes one connection, and the inspector opens its own.
    await database.db.exec(`alter table search_docs_sections
      add column embedding vector(3), add column half halfvec(3), add column loose vector,
      add column tags text[]`);
    const { port } = database.pool.options;
    connectionString = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const inspect = (semantic: Partial<PostgresSemanticOptions>, table = "search_docs_sections") =>
    postgresVectorColumnInspector({
      connectionString,
      table,
      semantic: { column: "embedding", embed, ...semantic },
    }).inspect("runbooks", caller);

  it("a vector(n) or halfvec(n) column of the option's dimensions passes, giving its type", async () => {
    expect(await inspect({ dimensions: 3 })).toEqual({
      state: "pass",
      detail: "search_docs_sections.embedding is vector(3)",
    });
    expect(await inspect({ column: "half" })).toEqual({
      state: "pass",
      detail: "search_docs_sections.half is halfvec(3)",
    });
  });

  it("a column the table lacks fails, listing its vector columns", async () => {
    expect(await inspect({ column: "embeding" })).toEqual({
      state: "fail",
      detail: "search_docs_sections has no column embeding (its vector columns: embedding, half)",
      fix: "set semantic.column to one of embedding, half",
    });
  });

  it("a column of another type, or a vector without dimensions, fails naming its type", async () => {
    const text = await inspect({ column: "tags" });
    expect(text).toMatchObject({
      state: "fail",
      detail: "search_docs_sections.tags is text[], not a vector(n) or halfvec(n) column",
    });
    expect(text.fix).toContain("alter table search_docs_sections alter column tags type vector(n)");
    expect(await inspect({ column: "loose" })).toMatchObject({
      state: "fail",
      detail: "search_docs_sections.loose is vector, not a vector(n) or halfvec(n) column",
    });
  });

  it("semantic.dimensions other than the column's: the row gives both numbers", async () => {
    const finding = await inspect({ dimensions: 384 });
    expect(finding).toMatchObject({
      state: "fail",
      detail: "search_docs_sections.embedding has 3 dimensions; semantic.dimensions says 384",
    });
    expect(finding.fix).toContain("set semantic.dimensions to 3");
  });

  it("no table: nothing concluded here (the layout row says it is missing)", async () => {
    expect(await inspect({}, "no_such_sections")).toEqual({
      state: "skip",
      detail: "no table or view no_such_sections to read",
    });
  });

  it("a schema the role may not use: skipped with PostgreSQL's reason, never 'no column'", async () => {
    await database.db.exec(`create role outsider; create schema secret;
      create table secret.sections (embedding vector(3)); revoke all on schema secret from public`);
    // PGlite's socket ignores the connection's user; its one session is shared with `db`, so the
    // role is set there (and reset: the other tests run as postgres).
    await database.db.exec("set role outsider");
    try {
      expect(await inspect({}, "secret.sections")).toEqual({
        state: "skip",
        detail:
          "column types not read (42501: permission denied for schema secret); the probe below runs the semantic search",
      });
    } finally {
      await database.db.exec("reset role");
    }
  });
});

describeWithPostgres("check's semantic stage without pgvector (PostgreSQL 15)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
    await loadSections(database.admin, [keyRotationSection]);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  function appConfig(semantic: PostgresSemanticOptions, checked = true): EngineConfig {
    const areas = { runbooks: ["runbooks"] };
    const table = "search_docs_sections";
    return {
      engine: "postgres",
      origin: "postgres://test",
      areas,
      caller,
      check: {
        engine: "postgres",
        connectionString: database.appUrl,
        table,
        ...(checked ? { semantic } : {}),
      },
      open: async () => {
        const pool = database.appPool();
        return { backend: postgresBackend({ pool, semantic }), areas, close: async () => {} };
      },
    };
  }

  it("the missing extension fails the semantic row with how to install it, not 'collection exists'", async () => {
    const report = await runCheck(appConfig({ column: "embedding", embed, dimensions: 3 }));
    const text = formatCheckReport(report);
    expect(text).toMatch(/✓ collection exists/);
    expect(text).toMatch(/✓ record layout/);
    expect(text).toMatch(
      /✗ semantic stage +the vector extension is not installed in this database: PostgreSQL does not know the type vector of semantic.column embedding/,
    );
    expect(text).toMatch(/fix: create extension vector in this database/);
    expect(report.passed).toBe(false);
    expect(text).not.toContain("app-password-for-tests");
  });

  it("with the catalog unread, the probe's refusal still lands on the semantic row", async () => {
    // The backend has the semantic stage, check's target not: only the probe's SQLSTATE speaks.
    const report = await runCheck(appConfig({ column: "embedding", embed }, false));
    const text = formatCheckReport(report);
    expect(text).toMatch(/✓ collection exists/);
    expect(text).toMatch(
      /✗ semantic stage +misconfigured: SQLSTATE 42704 undefined_object \(type vector: is the pgvector extension installed\?/,
    );
    expect(report.passed).toBe(false);
  });
});
