import type { HostedRecord } from "@search-docs/test-servers";
import { expect } from "vitest";
import type { PageOutcome } from "../backend/search-backend.js";

/**
 * Every hit of a page carries the engine's own cut of a record's content as its passage: not
 * empty, `words` long at most, and a run of that content's words.
 */
export function expectEnginePassages(
  outcome: PageOutcome,
  records: readonly HostedRecord[],
  words: number,
): void {
  if (outcome.kind !== "page") throw new Error(`a page, not ${outcome.kind}`);
  expect(outcome.hits.length).toBeGreaterThan(0);
  const contents = records.map((record) => String(record.content).split(/\s+/).join(" "));
  for (const { snippet } of outcome.hits) {
    expect(snippet).not.toBe("");
    expect(snippet.split(" ").length).toBeLessThanOrEqual(words);
    expect(contents.some((content) => content.includes(snippet))).toBe(true);
  }
}
