import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderPerformanceTables } from "./render-performance-tables.ts";
import {
  generatedBlockEnd,
  generatedBlockStart,
  replaceGeneratedBlock,
} from "./replace-generated-block.ts";

const results = new URL("../results/", import.meta.url);
const performance = readFileSync(new URL("../../docs/performance.md", import.meta.url), "utf8");

describe("docs/performance.md", () => {
  it("holds the tables bench/results/*.json render to (run `pnpm bench:suite --only render` after a run)", () => {
    expect(replaceGeneratedBlock(performance, renderPerformanceTables(results))).toBe(performance);
  });

  it("has no bench targets in it: they are the bench's business, not users'", () => {
    expect(performance).not.toMatch(/\| target \||Targets \(issue/);
  });
});

describe("replaceGeneratedBlock", () => {
  it("replaces what lies between the markers and keeps the prose around them", () => {
    const page = `intro\n${generatedBlockStart}\nold\n${generatedBlockEnd}\noutro\n`;
    expect(replaceGeneratedBlock(page, "| new |")).toBe(
      `intro\n${generatedBlockStart}\n\n| new |\n\n${generatedBlockEnd}\noutro\n`,
    );
  });

  it("refuses a page without its markers rather than write the tables somewhere else", () => {
    expect(() => replaceGeneratedBlock("intro only", "| new |")).toThrow(/lost its markers/);
  });
});
