import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { postgresPageIndexSql } from "../postgres/postgres-page-index-sql.js";
import { backendConfig } from "./backend-config.js";
import { openConfiguredDocs } from "./open-configured-docs.js";

const base = {
  SEARCH_DOCS_POSTGRES_URL: "postgres://app:secret@127.0.0.1:5432/app",
  SEARCH_DOCS_AREAS: '{"handbook":["pages"]}',
};
const configOf = (environment: Record<string, string>) =>
  backendConfig({ environment: { ...base, ...environment }, mode: "per-request" });
const refusal = (environment: Record<string, string>) => {
  try {
    configOf(environment);
  } catch (error) {
    if (ConfigurationError.isInstance(error))
      return { option: error.option, message: error.message };
    throw error;
  }
  throw new Error("accepted");
};

it("refuses a page variable it would ignore or misread, naming the variable, never the URL", () => {
  expect(refusal({ SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: '{"body":"md"}' })).toMatchObject({
    option: "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS",
    message: expect.stringContaining("SEARCH_DOCS_POSTGRES_ROWS=pages"),
  });
  expect(refusal({ SEARCH_DOCS_POSTGRES_ROWS: "page" })).toMatchObject({
    option: "SEARCH_DOCS_POSTGRES_ROWS",
  });
  const pages = { SEARCH_DOCS_POSTGRES_ROWS: "pages" };
  expect(refusal({ ...pages, SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: "body=md" })).toMatchObject({
    option: "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS",
  });
  expect(refusal({ ...pages, SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: '{"heading":"h"}' })).toMatchObject(
    {
      option: "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS",
      message: expect.stringContaining("pageColumns.heading is not a column"),
    },
  );
  expect(
    refusal({ ...pages, SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: '{"title":"x; drop table y"}' }),
  ).toMatchObject({ option: "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS" });
  expect(refusal({ ...pages, SEARCH_DOCS_POSTGRES_PAGE_FORMAT: "rst" })).toMatchObject({
    option: "SEARCH_DOCS_POSTGRES_PAGE_FORMAT",
  });
  expect(
    refusal({
      ...pages,
      SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: '{"collectionId":"team"}',
      SEARCH_DOCS_POSTGRES_COLLECTION: "docs",
    }),
  ).toMatchObject({ option: "SEARCH_DOCS_POSTGRES_COLLECTION" });
  for (const environment of [
    { SEARCH_DOCS_POSTGRES_ROWS: "page" },
    { ...pages, SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: "x" },
  ]) {
    expect(JSON.stringify(refusal(environment))).not.toContain("secret");
  }
});

describeWithPostgres(
  "SEARCH_DOCS_POSTGRES_ROWS=pages from the environment, on a real PostgreSQL",
  () => {
    let database: TestDatabase;
    const opened: { close(): Promise<void> }[] = [];

    beforeAll(async () => {
      database = await startTestDatabase();
      const admin: pg.Pool = database.admin;
      await admin.query(
        "create table articles (slug text primary key, title text not null, markdown text not null, link text)",
      );
      await admin.query(
        "insert into articles values ('key-rotation', 'Key rotation', $1, 'https://handbook.example.com/key-rotation')",
        [
          "Why we rotate.\n\n## Steps\n\nRotate the signing key with keyctl, then restart the gateway.",
        ],
      );
      await admin.query(
        postgresPageIndexSql({
          table: "articles",
          pageColumns: { documentId: "slug", body: "markdown", url: "link" },
        }),
      );
      await admin.query(`grant select on articles to ${appRole}`);
    }, 60_000);
    afterAll(async () => {
      for (const engine of opened) await engine.close();
      await database?.close();
    });

    it("searches the app's table by the names the variables give, and links the section", async () => {
      const config = backendConfig({
        environment: {
          SEARCH_DOCS_POSTGRES_URL: database.appUrl,
          SEARCH_DOCS_POSTGRES_TABLE: "articles",
          SEARCH_DOCS_POSTGRES_ROWS: "pages",
          SEARCH_DOCS_POSTGRES_PAGE_COLUMNS:
            '{"documentId":"slug","body":"markdown","url":"link","updatedAt":null}',
          SEARCH_DOCS_POSTGRES_COLLECTION: "handbook-articles",
          SEARCH_DOCS_AREAS: '{"handbook":["handbook-articles"]}',
        },
        mode: "per-request",
      });
      if (config === undefined) throw new Error("no engine configured");
      const { docs, engine } = await openConfiguredDocs(config);
      opened.push(engine);
      const { output, urls } = await docs.search(
        { query: "restart the gateway" },
        { caller: { token: "reader" } },
      );
      expect(output).toMatchObject({
        status: "ok",
        results: [{ ref: "handbook/key-rotation#2", title: "Key rotation" }],
      });
      expect(urls["handbook/key-rotation#2"]).toBe(
        "https://handbook.example.com/key-rotation#steps",
      );
    });
  },
);
