import { mkdtempSync, writeFileSync } from "node:fs";
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
      { id: "b", query: "keys", gold: [{ doc_id: "doc1" }] },
    ]);
    expect(loadQueries(path, corpus)).toEqual([
      { id: "a", query: "rotate a key", area: "runbooks", gold: [{ docId: "doc1", section: 1 }] },
      { id: "b", query: "keys", gold: [{ docId: "doc1" }] },
    ]);
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

  it("checks the project's own set against the sample corpus", () => {
    const queries = loadQueries(
      new URL("../tasks/queries.jsonl", import.meta.url).pathname,
      loadBenchCorpus(undefined),
    );
    expect(queries.length).toBeGreaterThanOrEqual(80);
    expect(queries.filter((query) => query.area === undefined).length).toBeGreaterThan(0);
  });
});
