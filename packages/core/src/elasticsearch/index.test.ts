import { describe, expect, it } from "vitest";
import { nodeImportsOf } from "../__fixtures__/node-imports-of.js";
import * as elasticsearch from "./index.js";

describe("@search-docs/core/elasticsearch", () => {
  it("exports exactly its public values", () => {
    expect(Object.keys(elasticsearch).sort()).toEqual([
      "basicCaller",
      "defaultElasticsearchFields",
      "defaultElasticsearchPageFields",
      "elasticCrawlerFields",
      "elasticsearchBackend",
      "elasticsearchErrorTable",
      "elasticsearchPartialTable",
      "openCrawlerFields",
    ]);
  });
});

describe("@search-docs/core/elasticsearch on edge runtimes", () => {
  it("imports nothing from node: anywhere in its module graph", () => {
    const { modules, nodeImports } = nodeImportsOf(new URL("./index.ts", import.meta.url));
    expect(modules).toBeGreaterThan(5);
    expect(nodeImports).toEqual([]);
  });
});
