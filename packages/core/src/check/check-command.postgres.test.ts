import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { runCli } from "../__fixtures__/run-cli.js";
import { loadSections } from "../postgres/load-sections.js";

// `search-docs check` against a real PostgreSQL server: a good table passes; each broken setup
// (wrong password, unreachable server, missing table, missing column, an area with no rows)
// fails at its own step and names the one change that fixes it, never printing the password.
describeWithPostgres("search-docs check with SEARCH_DOCS_POSTGRES_URL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
    await loadSections(database.admin, [
      {
        collectionId: "runbooks",
        documentId: "key-rotation",
        section: 1,
        title: "Key rotation",
        heading: "Rotate",
        body: "Rotate the signing key every month.",
        slug: "key-rotation",
        updatedAt: "2026-05-04",
      },
    ]);
    // A view of the sections without `slug`: a layout the backend cannot read.
    await database.admin.query(
      "create view sections_without_slug as select collection_id, document_id, section, title, heading, body, updated_at, search_vector from search_docs_sections",
    );
    await database.admin.query(`grant select on sections_without_slug to ${appRole}`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const environment = (overrides: Record<string, string> = {}) => ({
    SEARCH_DOCS_POSTGRES_URL: database.appUrl,
    SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
    ...overrides,
  });
  const password = "app-password-for-tests";

  it("passes on a good table, probing with a title it found", async () => {
    const { code, out } = await runCli(["check"], environment());
    expect(out).toMatch(/✓ record layout +search_docs_sections has collection_id, document_id/);
    expect(out).toMatch(/✓ probe search answers +1 result\(s\) for "Key rotation"/);
    expect(out).toMatch(/✓ get_document answers +read "Key rotation"/);
    expect(out).not.toContain("✗");
    expect(code).toBe(0);
    expect(out).not.toContain(password);
  });

  it("a wrong password: credentials, fixed in SEARCH_DOCS_POSTGRES_URL, never printed", async () => {
    const wrong = database.appUrl.replace(password, "not-the-password");
    const { code, out, err } = await runCli(
      ["check"],
      environment({ SEARCH_DOCS_POSTGRES_URL: wrong }),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✓ reaches the engine/);
    expect(out).toMatch(/✗ credentials accepted +unauthorized: SQLSTATE 28P01/);
    expect(out).toMatch(
      /fix: set SEARCH_DOCS_POSTGRES_URL to a user and password the server accepts/,
    );
    expect(out + err).not.toContain("not-the-password");
    expect(out + err).not.toContain(password);
  });

  it("an unreachable server: reaches the engine fails, naming where", async () => {
    const closed = database.appUrl.replace(`:${database.server.port}/`, ":1/");
    const { code, out } = await runCli(
      ["check"],
      environment({ SEARCH_DOCS_POSTGRES_URL: closed }),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ reaches the engine .*ECONNREFUSED/);
    expect(out).toMatch(
      /fix: start PostgreSQL at postgres:\/\/127\.0\.0\.1:1\/.*, or set SEARCH_DOCS_POSTGRES_URL/,
    );
    expect(out).toMatch(/– credentials accepted +not tried: reach failed/);
  });

  it("a missing table: collection exists fails with how to create it", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment({ SEARCH_DOCS_POSTGRES_TABLE: "no_such_sections" }),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ collection exists +no table or view no_such_sections/);
    expect(out).toMatch(/fix: create no_such_sections \(postgresSchemaSql\(\)/);
  });

  it("a view without a column: record layout names the column", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment({ SEARCH_DOCS_POSTGRES_TABLE: "sections_without_slug" }),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ record layout +sections_without_slug lacks the column\(s\) slug/);
    expect(out).toMatch(/fix: add slug to sections_without_slug/);
  });

  it("an area whose collection_id has no rows: collection exists fails, never 'nothing matched'", async () => {
    const { code, out } = await runCli(
      ["check", "--json"],
      environment({ SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"],"policies":["policies"]}' }),
    );
    expect(code).toBe(7);
    const report = JSON.parse(out);
    const failed = report.rows.filter((row: { state: string }) => row.state === "fail");
    expect(failed).toEqual([
      expect.objectContaining({
        area: "policies",
        step: "collection",
        fix: "load sections with collection_id policies (loadSections), or fix SEARCH_DOCS_AREAS",
      }),
    ]);
  });
});
