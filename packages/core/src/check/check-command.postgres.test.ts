import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  keyRotationSection,
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
    await loadSections(database.admin, [keyRotationSection]);
    // A view of the sections without `slug`: a layout the backend cannot read.
    await database.admin.query(
      "create view sections_without_slug as select collection_id, document_id, section, title, heading, body, updated_at, search_vector from search_docs_sections",
    );
    await database.admin.query(`grant select on sections_without_slug to ${appRole}`);
    // An app's own page table, read with SEARCH_DOCS_POSTGRES_ROWS=pages.
    await database.admin.query(
      "create table articles (slug text primary key, team text not null, title text not null, markdown text not null)",
    );
    await database.admin.query(
      "insert into articles values ('key-rotation', 'platform', 'Key rotation', 'Why.\n\n## Steps\n\nRotate the signing key every month.')",
    );
    await database.admin.query(`grant select on articles to ${appRole}`);
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

  it("a page table passes by its own columns; a missing one and an unmapped team fail naming the fix", async () => {
    const pages = (columns: string, areas = '{"platform":["platform"]}') =>
      environment({
        SEARCH_DOCS_POSTGRES_TABLE: "articles",
        SEARCH_DOCS_POSTGRES_ROWS: "pages",
        SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: columns,
        SEARCH_DOCS_AREAS: areas,
      });
    const good =
      '{"documentId":"slug","body":"markdown","url":null,"updatedAt":null,"collectionId":"team"}';
    const passed = await runCli(["check"], pages(good));
    expect(passed.out).toMatch(/✓ record layout +articles has slug, title, markdown, team/);
    expect(passed.out).toMatch(/✓ get_document answers +read "Key rotation"/);
    expect(passed.out).not.toContain("✗");
    expect(passed.code).toBe(0);
    const missing = await runCli(
      ["check"],
      pages('{"documentId":"slug","body":"markdown","collectionId":"team"}'),
    );
    expect(missing.code).toBe(7);
    expect(missing.out).toMatch(/✗ record layout +articles lacks the column\(s\) url, updated_at/);
    expect(missing.out).toMatch(/SEARCH_DOCS_POSTGRES_PAGE_COLUMNS/);
    const unmapped = await runCli(["check"], pages(good, '{"platform":["platfrom"]}'));
    expect(unmapped.code).toBe(7);
    expect(unmapped.out).toMatch(/no rows in articles with team = platfrom/);
    expect(passed.out + missing.out + unmapped.out).not.toContain(password);
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
