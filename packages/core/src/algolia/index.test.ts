import { describe, expect, it } from "vitest";
import { nodeImportsOf } from "../__fixtures__/node-imports-of.js";
import * as entry from "./index.js";

describe("@search-docs/core/algolia", () => {
  it("exports exactly its public values", () => {
    expect(Object.keys(entry).sort()).toEqual([
      "algoliaBackend",
      "algoliaErrorTable",
      "defaultDocSearchFields",
      "defaultSectionFields",
      "securedApiKey",
      "securedKeyParameters",
    ]);
  });
});

describe("@search-docs/core/algolia on edge runtimes", () => {
  // Workers and edge runtimes have fetch and Web Crypto, not node: modules.
  it("imports nothing from node: anywhere in its module graph", () => {
    const { modules, nodeImports } = nodeImportsOf(new URL("./index.ts", import.meta.url));
    expect(modules).toBeGreaterThan(5);
    expect(nodeImports).toEqual([]);
  });
});
