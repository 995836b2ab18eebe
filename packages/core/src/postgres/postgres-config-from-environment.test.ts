import { expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { postgresConfigFromEnvironment } from "./postgres-config-from-environment.js";

const url = "postgres://app:s3cret@db.internal:5432/docs";

it("is undefined without SEARCH_DOCS_POSTGRES_URL", () => {
  expect(postgresConfigFromEnvironment({ SEARCH_DOCS_AREAS: '{"a":["a"]}' })).toBeUndefined();
});

it("reads the URL, the areas and the table", () => {
  expect(
    postgresConfigFromEnvironment({
      SEARCH_DOCS_POSTGRES_URL: url,
      SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
      SEARCH_DOCS_POSTGRES_TABLE: "docs.sections",
    }),
  ).toEqual({
    connectionString: url,
    table: "docs.sections",
    areas: { runbooks: ["runbooks"] },
    layout: { table: "docs.sections" },
  });
  expect(
    postgresConfigFromEnvironment({
      SEARCH_DOCS_POSTGRES_URL: url,
      SEARCH_DOCS_AREAS: '{"a":["a"]}',
    })?.table,
  ).toBe("search_docs_sections");
});

it("reads a page table's layout, refused by the variable at fault", () => {
  const pages = {
    SEARCH_DOCS_POSTGRES_URL: url,
    SEARCH_DOCS_AREAS: '{"handbook":["pages"]}',
    SEARCH_DOCS_POSTGRES_TABLE: "pages",
    SEARCH_DOCS_POSTGRES_ROWS: "pages",
    SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: '{"body":"body_markdown"}',
  };
  expect(postgresConfigFromEnvironment(pages)?.layout).toEqual({
    table: "pages",
    rows: "pages",
    pageColumns: { body: "body_markdown" },
  });
  expect(() =>
    postgresConfigFromEnvironment({ ...pages, SEARCH_DOCS_POSTGRES_PAGE_COLUMNS: '{"nope":"x"}' }),
  ).toThrow(/SEARCH_DOCS_POSTGRES_PAGE_COLUMNS/);
});

it("names the variable at fault and never quotes the URL", () => {
  const failures = [
    { SEARCH_DOCS_POSTGRES_URL: url },
    { SEARCH_DOCS_POSTGRES_URL: "mysql://app:s3cret@x/db", SEARCH_DOCS_AREAS: '{"a":["a"]}' },
    {
      SEARCH_DOCS_POSTGRES_URL: url,
      SEARCH_DOCS_AREAS: '{"a":["a"]}',
      SEARCH_DOCS_POSTGRES_TABLE: "x; drop",
    },
  ];
  for (const environment of failures) {
    let thrown: unknown;
    try {
      postgresConfigFromEnvironment(environment);
    } catch (error) {
      thrown = error;
    }
    expect(ConfigurationError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).not.toContain("s3cret");
  }
});
