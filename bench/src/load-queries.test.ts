import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";

const directory = mkdtempSync(join(tmpdir(), "bench-queries-"));
const write = (name: string, lines: unknown[]) => {
  const path = join(directory, name);
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return path;
};
const sharedDev = new URL("../../../shared/queries/dev-queries.jsonl", import.meta.url).pathname;
const sharedDocs = new URL("../../../shared/corpus/docs.jsonl", import.meta.url).pathname;
const corpus = new Map([["doc1", { area: "runbooks", sections: [{}, {}] }]]);

describe("loadQueries", () => {
  it("reads queries, trimmed, with optional area and section", () => {
    const path = write("good.jsonl", [
      {
        id: "a",
        query: " rotate a key ",
        area: "runbooks",
        gold: [{ doc_id: "doc1", section: 1 }],
      },
      { id: "b", query: "keys", gold: [{ doc_id: "doc1" }], kind: "keyword" },
      { id: "c", query: "zzqx", gold: [], kind: "no-answer" },
    ]);
    expect(loadQueries(path, corpus)).toEqual([
      { id: "a", query: "rotate a key", area: "runbooks", gold: [{ docId: "doc1", section: 1 }] },
      { id: "b", query: "keys", gold: [{ docId: "doc1" }], kind: "keyword" },
      { id: "c", query: "zzqx", gold: [], kind: "no-answer" },
    ]);
  });

  it("refuses an empty gold unless the question says it has no answer", () => {
    const path = write("empty.jsonl", [{ id: "a", query: "q", gold: [] }]);
    expect(() => loadQueries(path, corpus)).toThrow(/no-answer/);
  });

  it("refuses golds that point nowhere", () => {
    const gold = (entry: object, area?: string) =>
      write("bad.jsonl", [{ id: "a", query: "q", ...(area ? { area } : {}), gold: [entry] }]);
    expect(() => loadQueries(gold({ doc_id: "nope" }), corpus)).toThrow(/not in the corpus/);
    expect(() => loadQueries(gold({ doc_id: "doc1", section: 2 }), corpus)).toThrow(/no section 2/);
    expect(() => loadQueries(gold({ doc_id: "doc1" }, "policies"), corpus)).toThrow(/not policies/);
    expect(() =>
      loadQueries(
        write("dup.jsonl", [
          { id: "a", query: "q", gold: [{ doc_id: "doc1" }] },
          { id: "a", query: "r", gold: [{ doc_id: "doc1" }] },
        ]),
      ),
    ).toThrow(/duplicate/);
  });

  // shared/ sits beside the repository, here and in CI; elsewhere the test says it skipped.
  it.skipIf(!existsSync(sharedDev))("reads the shared dev set with its kinds", () => {
    const queries = loadQueries(sharedDev, loadBenchCorpus(sharedDocs));
    expect(new Set(queries.map((query) => query.kind))).toEqual(
      new Set(["paraphrase", "keyword", "phrase", "no-answer"]),
    );
  });

  it("checks the project's own set against the sample corpus", () => {
    const queries = loadQueries(
      new URL("../tasks/queries.jsonl", import.meta.url).pathname,
      loadBenchCorpus(undefined),
    );
    expect(queries.length).toBeGreaterThanOrEqual(80);
    expect(queries.filter((query) => query.area === undefined).length).toBeGreaterThan(0);
  });
});
