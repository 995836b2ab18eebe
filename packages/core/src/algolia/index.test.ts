import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
    const seen = new Set<string>();
    const pending = [new URL("./index.ts", import.meta.url)];
    const nodeImports: string[] = [];
    for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
      if (seen.has(url.href)) continue;
      seen.add(url.href);
      const source = readFileSync(url, "utf8");
      for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        if (specifier === undefined) continue;
        if (specifier.startsWith("node:")) nodeImports.push(`${url.pathname}: ${specifier}`);
        if (specifier.startsWith("."))
          pending.push(new URL(specifier.replace(/\.js$/, ".ts"), url));
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(nodeImports).toEqual([]);
  });
});
