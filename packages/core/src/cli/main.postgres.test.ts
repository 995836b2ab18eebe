import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeWithPostgres,
  keyRotationSection,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { runCli } from "../__fixtures__/run-cli.js";
import { loadSections } from "../postgres/load-sections.js";

describeWithPostgres("search-docs CLI with SEARCH_DOCS_POSTGRES_URL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
    await loadSections(database.admin, [keyRotationSection]);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const run = runCli;

  it("searches the table and reads a document back, never printing the password", async () => {
    const environment = {
      SEARCH_DOCS_REF_DIR: mkdtempSync(join(tmpdir(), "search-docs-cli-postgres-")),
      SEARCH_DOCS_POSTGRES_URL: database.appUrl,
      SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
    };
    const searched = await run(["rotate the signing key", "--json"], environment);
    expect(searched.code).toBe(0);
    const { output } = JSON.parse(searched.out);
    expect(output.status).toBe("ok");
    expect(output.results[0]).toMatchObject({ title: "Key rotation", area: "runbooks" });
    expect(searched.err).toMatch(
      /^Searching postgres at postgres:\/\/127\.0\.0\.1:\d+\/postgres#search_docs_sections/,
    );
    const read = await run(["get", output.results[0].ref, "--json"], environment);
    expect(read.code).toBe(0);
    expect(JSON.parse(read.out).output).toMatchObject({ status: "ok", title: "Key rotation" });
    expect(searched.out + searched.err + read.out + read.err).not.toContain(
      "app-password-for-tests",
    );
  });
});
