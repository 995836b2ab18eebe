import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { QualityReport } from "./quality-bench.ts";
import {
  qualityBlockEnd,
  qualityBlockStart,
  renderQualityTables,
  replaceQualityBlock,
} from "./render-quality-tables.ts";

const report = JSON.parse(
  readFileSync(new URL("../results/quality.json", import.meta.url), "utf8"),
) as QualityReport;
const performance = readFileSync(new URL("../../docs/performance.md", import.meta.url), "utf8");

describe("docs/performance.md's retrieval quality per backend", () => {
  it("holds the tables bench/results/quality.json renders to (node bench/src/render-quality-tables.ts)", () => {
    expect(replaceQualityBlock(performance, renderQualityTables(report))).toBe(performance);
  });

  it("shows every backend of both public sets, before and after, and the plan using the GIN index", () => {
    expect(Object.keys(report.sets).sort()).toEqual(["dev", "shared-corpus"]);
    for (const set of Object.values(report.sets)) {
      const names = set.rows.map((row) => row.backend).sort();
      expect(names).toEqual(
        [
          "folder",
          "memory",
          "memory (before)",
          "postgres",
          "postgres (before)",
          "v2",
          "v2 (before)",
        ].sort(),
      );
    }
    expect(report.sets.dev?.postgresPlan).toMatch(
      /CTE matched[\s\S]*Bitmap Index Scan on search_docs_sections_search_vector_idx[\s\S]*CTE terms[\s\S]*Bitmap Index Scan on search_docs_sections_search_vector_idx/,
    );
  });

  it("refuses a page without its markers", () => {
    expect(() => replaceQualityBlock("intro only", "| x |")).toThrow(/lost the quality tables/);
    const page = `a\n${qualityBlockStart}\nold\n${qualityBlockEnd}\nb`;
    expect(replaceQualityBlock(page, "new")).toBe(
      `a\n${qualityBlockStart}\n\nnew\n\n${qualityBlockEnd}\nb`,
    );
  });
});
