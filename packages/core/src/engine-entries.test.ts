import { describe, expect, it } from "vitest";
import { nodeImportsOf } from "./__fixtures__/node-imports-of.js";
import * as algolia from "./algolia/index.js";
import * as elasticsearch from "./elasticsearch/index.js";
import * as meilisearch from "./meilisearch/index.js";
import * as postgres from "./postgres/index.js";
import * as typesense from "./typesense/index.js";

// Each engine's entry (`@search-docs/core/<engine>`), one row each: exactly the values it
// publishes, and for the engines reached over fetch, no `node:` import anywhere in its graph.
const entries = [
  {
    engine: "algolia",
    entry: algolia,
    edge: true,
    values: [
      "algoliaBackend",
      "algoliaErrorTable",
      "defaultDocSearchFields",
      "defaultSectionFields",
      "securedApiKey",
      "securedKeyParameters",
    ],
  },
  {
    engine: "elasticsearch",
    entry: elasticsearch,
    edge: true,
    values: [
      "basicCaller",
      "defaultElasticsearchFields",
      "defaultElasticsearchPageFields",
      "elasticCrawlerFields",
      "elasticsearchBackend",
      "elasticsearchErrorTable",
      "elasticsearchPartialTable",
      "openCrawlerFields",
    ],
  },
  {
    engine: "meilisearch",
    entry: meilisearch,
    edge: true,
    values: [
      "defaultDocSearchFields",
      "defaultSectionFields",
      "meilisearchBackend",
      "meilisearchErrorTable",
      "tenantToken",
    ],
  },
  {
    engine: "typesense",
    entry: typesense,
    edge: true,
    values: [
      "defaultDocSearchFields",
      "defaultSectionFields",
      "embeddedParametersJson",
      "scopedSearchKey",
      "typesenseBackend",
      "typesenseErrorTable",
    ],
  },
  {
    engine: "postgres",
    entry: postgres,
    // node-postgres speaks TCP: a Node entry.
    edge: false,
    values: [
      "defaultPostgresColumns",
      "defaultPostgresPageColumns",
      "defaultPostgresRanking",
      "loadSections",
      "postgresBackend",
      "postgresConfigFromEnvironment",
      "postgresDriverErrorTable",
      "postgresEndUserErrorTable",
      "postgresErrorClassTable",
      "postgresErrorTable",
      "postgresPageIndexSql",
      "postgresSchemaSql",
      "postgresSemanticErrorTable",
      "sectionsOfDocument",
      "sectionsOfMarkdown",
    ],
  },
];

describe.each(entries)("@search-docs/core/$engine", ({ entry, values }) => {
  it("exports exactly its public values", () => {
    expect(Object.keys(entry).sort()).toEqual(values);
  });
});

describe.each(entries.filter(({ edge }) => edge))(
  "@search-docs/core/$engine on edge runtimes",
  ({ engine }) => {
    // Workers and edge runtimes have fetch and Web Crypto, not node: modules.
    it("imports nothing from node: anywhere in its module graph", () => {
      const { modules, nodeImports } = nodeImportsOf(
        new URL(`./${engine}/index.ts`, import.meta.url),
      );
      expect(modules).toBeGreaterThan(5);
      expect(nodeImports).toEqual([]);
    });
  },
);
