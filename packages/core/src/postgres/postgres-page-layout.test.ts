import { expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { resolvePostgresLayout } from "./postgres-layout.js";
import { postgresPageIndexSql } from "./postgres-page-index-sql.js";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (ConfigurationError.isInstance(error))
      return { option: error.option, message: error.message };
    throw error;
  }
  throw new Error("accepted");
};

it("maps an app's page table: its own names, no column for what it lacks, one collection", () => {
  const layout = resolvePostgresLayout({
    table: "app.articles",
    rows: "pages",
    pageColumns: { documentId: "article_id", body: "markdown", url: "permalink", updatedAt: null },
    collectionId: "handbook's",
  });
  expect(layout.source).toMatchObject({
    table: '"app"."articles"',
    documentId: 'section_row."article_id"',
    body: 'section_row."markdown"',
    updatedAt: "null::timestamptz",
    collectionId: "'handbook''s'::text",
    section: "1",
  });
  expect(layout.page?.columns.url).toBe('"permalink"');
  // Without a collection column or a name, the collection is the table as given.
  expect(resolvePostgresLayout({ table: "pages", rows: "pages" }).source.collectionId).toBe(
    "'pages'::text",
  );
});

it("the index is the very expression the search filters on", () => {
  const layout = resolvePostgresLayout({ table: "pages", rows: "pages", language: "simple" });
  const index = postgresPageIndexSql({ table: "pages", language: "simple" });
  expect(index).toContain(layout.source.vector.replaceAll("section_row.", ""));
  expect(index).toMatch(/^create index if not exists "pages_search_idx" on "pages" using gin \(/);
});

it("a stored vector column: the search reads it, the DDL adds it as generated and indexes it", () => {
  const options = {
    table: "pages",
    rows: "pages",
    pageColumns: { searchVector: "search_vector" },
  } as const;
  const expression = resolvePostgresLayout({
    table: "pages",
    rows: "pages",
  }).source.vector.replaceAll("section_row.", "");
  expect(resolvePostgresLayout(options).source.vector).toBe('section_row."search_vector"');
  expect(postgresPageIndexSql(options)).toBe(
    `alter table "pages" add column if not exists "search_vector" tsvector generated always as ${expression} stored;\ncreate index if not exists "pages_search_vector_idx" on "pages" using gin ("search_vector");\n`,
  );
});

it("refuses options it would otherwise ignore or misread, naming the option", () => {
  expect(
    refusal(() => resolvePostgresLayout({ rows: "pages", pageColumns: { heading: "h" } as never })),
  ).toMatchObject({
    option: "pageColumns",
    message: expect.stringContaining("pageColumns.heading is not a column"),
  });
  expect(
    refusal(() => resolvePostgresLayout({ rows: "pages", pageColumns: { body: null } })),
  ).toMatchObject({ option: "pageColumns", message: expect.stringContaining("required") });
  expect(
    refusal(() =>
      resolvePostgresLayout({ rows: "pages", pageColumns: { title: "title; drop table x" } }),
    ),
  ).toMatchObject({ option: "pageColumns.title" });
  expect(
    refusal(() =>
      resolvePostgresLayout({
        rows: "pages",
        pageColumns: { collectionId: "space" },
        collectionId: "docs",
      }),
    ),
  ).toMatchObject({ option: "collectionId" });
  expect(
    refusal(() => resolvePostgresLayout({ rows: "pages", columns: { body: "text" } })),
  ).toMatchObject({ option: "columns" });
  expect(
    refusal(() => resolvePostgresLayout({ rows: "pages", pageFormat: "rst" as never })),
  ).toMatchObject({ option: "pageFormat" });
  expect(refusal(() => resolvePostgresLayout({ pageColumns: { body: "text" } }))).toMatchObject({
    option: "pageColumns",
  });
  expect(refusal(() => resolvePostgresLayout({ rows: "page" as never }))).toMatchObject({
    option: "rows",
  });
});
