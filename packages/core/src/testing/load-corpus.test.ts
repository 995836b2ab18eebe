import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "./load-corpus.js";

const record = {
  id: "doc-1",
  area: "runbooks",
  slug: "key-rotation",
  title: "Key Rotation",
  updated: "2024-05-01",
  source: "ignored/extra:field.md",
  sections: [{ heading: "Key Rotation", text: "Rotate the key." }],
};

// The evaluation corpus lives beside the repository, not in it: skip where it is absent.
// shared/ sits beside the repository's root, here and in CI.
const sharedCorpus = fileURLToPath(
  new URL("../../../../../shared/corpus/docs.jsonl", import.meta.url),
);

function writeCorpus(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "fake-docs-")), "corpus.jsonl");
  writeFileSync(path, content);
  return path;
}

describe("loadCorpus", () => {
  it("reads a .jsonl file, skipping blank lines and dropping unknown fields", () => {
    const second = { ...record, id: "doc-2", area: "policies" };
    const path = writeCorpus(`${JSON.stringify(record)}\n\n${JSON.stringify(second)}\n`);
    const documents = loadCorpus(path);
    expect(documents.map((document) => [document.id, document.area])).toEqual([
      ["doc-1", "runbooks"],
      ["doc-2", "policies"],
    ]);
    expect(documents[0]).not.toHaveProperty("source");
    expect(loadCorpus(pathToFileURL(path))).toEqual(documents);
  });

  it("accepts records directly", () => {
    expect(loadCorpus([record])[0]?.title).toBe("Key Rotation");
  });

  it("names the line of invalid JSON", () => {
    const path = writeCorpus(`${JSON.stringify(record)}\n{not json\n`);
    expect(() => loadCorpus(path)).toThrow(`${path}:2: not valid JSON`);
  });

  it("names the line and field of an invalid record", () => {
    const path = writeCorpus(`${JSON.stringify({ ...record, updated: "May 2024" })}\n`);
    expect(() => loadCorpus(path)).toThrow(`${path}:1: "updated" must be a YYYY-MM-DD date`);
    expect(() => loadCorpus([{ ...record, sections: [{ heading: "x" }] }])).toThrow(
      'corpus record 0: sections[0]: "text" must be a string',
    );
    expect(() => loadCorpus([{ ...record, title: "" }])).toThrow('"title" must be a non-empty');
  });

  it("refuses duplicate ids, naming both places", () => {
    const path = writeCorpus(`${JSON.stringify(record)}\n${JSON.stringify(record)}\n`);
    expect(() => loadCorpus(path)).toThrow(`${path}:2: duplicate id "doc-1" (first at ${path}:1)`);
  });

  it.skipIf(!existsSync(sharedCorpus))(
    "loads the shared 2.5 MB corpus quickly, areas in first-seen order",
    () => {
      const started = performance.now();
      const documents = loadCorpus(sharedCorpus);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(documents).toHaveLength(639);
      expect([...new Set(documents.map((document) => document.area))]).toEqual([
        "runbooks",
        "policies",
        "api-reference",
        "onboarding",
      ]);
    },
  );
});
