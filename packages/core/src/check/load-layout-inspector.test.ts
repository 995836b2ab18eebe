import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Every module a file reaches through static imports (`import … from`), never `import()`. */
function staticGraph(start: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [new URL(start, import.meta.url)];
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (files.has(url.pathname)) continue;
    files.add(url.pathname);
    const source = readFileSync(url, "utf8");
    const imports = source.matchAll(/^(?:(?:import|export)\s[^;]*?from|import)\s*"([^"]+)"/gms);
    for (const [, specifier] of imports) {
      if (specifier === undefined) continue;
      if (specifier.startsWith(".")) pending.push(new URL(specifier.replace(/\.js$/, ".ts"), url));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

describe("check loads an engine's inspection only for that engine", () => {
  it("the command's static graph holds no inspector (layout or semantic), no pg and no node:sqlite", () => {
    const { files, packages } = staticGraph("./check-command.ts");
    expect(files.size).toBeGreaterThan(10);
    const inspectors = [...files].filter((file) =>
      /(postgres-columns|elasticsearch-mapping|algolia-settings|meilisearch-settings|typesense-schema|folder-sample|meilisearch-embedder|typesense-embedding-field|elasticsearch-vector-field|postgres-vector-column|opensearch-search-pipeline)\.ts$/.test(
        file,
      ),
    );
    expect(inspectors).toEqual([]);
    expect(packages.has("pg")).toBe(false);
    expect(packages.has("node:sqlite")).toBe(false);
  });

  it("no other engine's inspection imports pg or node:sqlite", () => {
    for (const file of [
      "./elasticsearch-mapping.ts",
      "./algolia-settings.ts",
      "./meilisearch-settings.ts",
      "./typesense-schema.ts",
      "./folder-sample.ts",
    ]) {
      const { packages } = staticGraph(file);
      expect([...packages].filter((name) => name === "pg" || name === "node:sqlite")).toEqual([]);
    }
  });
});
