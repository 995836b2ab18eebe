import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  defaultElasticsearchPageFields,
  elasticCrawlerFields,
  openCrawlerFields,
} from "./elasticsearch-page-fields.js";
import { defaultElasticsearchFields } from "./elasticsearch-section-layout.js";

// Issue 29: the docs showed `fields` keys the code does not read. docs/elasticsearch.md's field
// tables and every `fields: { … }` / `pageFields: { … }` example are held to the code's defaults.

const doc = readFileSync(new URL("../../docs/elasticsearch.md", import.meta.url), "utf8");

/** The rows of the table under the heading that starts with `heading`: cells without backticks. */
function tableUnder(heading: string): string[][] {
  const start = doc.indexOf(`\n${heading}`);
  if (start === -1) throw new Error(`no heading ${heading} in docs/elasticsearch.md`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of doc
    .slice(start + 1)
    .split("\n")
    .slice(1)) {
    if (line.startsWith("#")) break;
    if (!line.startsWith("|")) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^`|`$/g, ""));
    if (cells.every((cell) => /^-+$/.test(cell))) continue;
    rows.push(cells);
  }
  return rows.slice(1);
}

const byKey = (rows: string[][], column: number) =>
  Object.fromEntries(rows.map((row) => [row[0], row[column]]));

describe("docs/elasticsearch.md's fields are the code's", () => {
  it("the fields table lists each key of defaultElasticsearchFields with its default, no other", () => {
    const rows = tableUnder('### `fields` (records: "sections")');
    expect(byKey(rows, 1)).toEqual({ ...defaultElasticsearchFields });
  });

  it("the pageFields table lists each key with its default and both crawler presets", () => {
    const rows = tableUnder('### `pageFields` (records: "pages")');
    expect(byKey(rows, 1)).toEqual({ ...defaultElasticsearchPageFields });
    expect(byKey(rows, 2)).toEqual({ ...elasticCrawlerFields });
    expect(byKey(rows, 3)).toEqual({ ...openCrawlerFields });
  });

  it("every fields / pageFields example uses keys the code reads", () => {
    const examples = [...doc.matchAll(/\b(fields|pageFields): \{([^}]*)\}/g)];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const [, option, body] of examples) {
      const keys = [...(body ?? "").matchAll(/(\w+):/g)].map((match) => match[1]);
      const known = Object.keys(
        option === "fields" ? defaultElasticsearchFields : defaultElasticsearchPageFields,
      );
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(known).toContain(key);
    }
  });
});
