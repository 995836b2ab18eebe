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
  ).toEqual({ connectionString: url, table: "docs.sections", areas: { runbooks: ["runbooks"] } });
  expect(
    postgresConfigFromEnvironment({
      SEARCH_DOCS_POSTGRES_URL: url,
      SEARCH_DOCS_AREAS: '{"a":["a"]}',
    })?.table,
  ).toBe("search_docs_sections");
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
