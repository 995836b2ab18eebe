// `node bench/src/render-quality-tables.ts [--from results/quality.json]`: docs/performance.md's
// "Retrieval quality per backend" tables, written between their own markers from the JSON that
// `node bench/src/quality-bench.ts --baseline <dist> --out results/quality.json` wrote. A test
// holds the page to the JSON (render-quality-tables.test.ts).

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { QualityReport, QualityRow } from "./quality-bench.ts";

export const qualityBlockStart =
  "<!-- node bench/src/render-quality-tables.ts writes from here to the end marker, from bench/results/quality.json -->";
export const qualityBlockEnd = "<!-- node bench/src/render-quality-tables.ts writes up to here -->";

const setNotes: Record<string, string> = {
  dev: "the ranking changes were chosen on it",
  "shared-corpus": "never tuned on",
};

const three = (value: number) => value.toFixed(3);
const figures = (row: QualityRow) =>
  `${three(row.scores.recallAt8)} / ${three(row.scores.mrrAt8)} / ${three(row.scores.sectionRecallAt8)}`;

/** The tables: per set, every backend before and after, side by side in one run. */
export function renderQualityTables(report: QualityReport): string {
  const lines = [
    `Run of ${report.date.slice(0, 16).replace("T", " ")} UTC, ${report.rounds} rounds (quality from the first, times from all), 1-minute load ${report.loadAverage[0]?.toFixed(2)} at the start. "Before" is the build of \`${report.baseline ?? "?"}\` (main before issue 31, \`738a02d\`), its PostgreSQL and memory backends, and the v2 API with its default reranker, run as arms of the same run, on the same servers and collections, through this build's \`createDocsSearch\`; the folder's code did not change, so it has one arm.`,
    "",
  ];
  for (const [name, set] of Object.entries(report.sets)) {
    const rows = new Map(set.rows.map((row) => [row.backend, row]));
    lines.push(
      `**${name}** (${set.description}; ${setNotes[name] ?? "reported"}). recall@8 / MRR@8 / section recall@8, document level, through \`createDocsSearch\`:`,
      "",
      "| backend | before | after | p50 ms before → after | ratio | p95 ms before → after | pages / collection |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const row of set.rows) {
      if (row.backend.endsWith(" (before)")) continue;
      const before = rows.get(`${row.backend} (before)`) ?? row;
      lines.push(
        `| ${row.backend} | ${figures(before)} | ${figures(row)} | ${before.p50Ms.toFixed(1)} → ${row.p50Ms.toFixed(1)} | ${(row.p50Ms / before.p50Ms).toFixed(2)}× | ${before.p95Ms.toFixed(1)} → ${row.p95Ms.toFixed(1)} | ${row.pagesPerCollection.toFixed(2)} |`,
      );
    }
    lines.push("");
    // One plan is enough to read: the dev set's (the other set's is in the JSON).
    if (name === "dev" && set.postgresPlan !== undefined) {
      lines.push(
        `The PostgreSQL search statement's plan on this set (EXPLAIN ANALYZE, costs and timing off), for its first question: the collection's matching sections and each word's document frequency are both read through the GIN index (\`Bitmap Index Scan on search_docs_sections_search_vector_idx\`); N is a count of the table (on a table of 10,000 rows or more, the planner's row count instead), and a word's count stops at 10,000 rows.`,
        "",
        "```text",
        set.postgresPlan,
        "```",
        "",
      );
    }
  }
  return lines.join("\n").trim();
}

/** `document` with what lies between this renderer's markers replaced by `block`. */
export function replaceQualityBlock(document: string, block: string): string {
  const start = document.indexOf(qualityBlockStart);
  const end = document.indexOf(qualityBlockEnd);
  if (start === -1 || end < start) {
    throw new Error(
      `docs/performance.md has lost the quality tables' markers: "${qualityBlockStart}"`,
    );
  }
  return `${document.slice(0, start + qualityBlockStart.length)}\n\n${block}\n\n${document.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { from: { type: "string", default: "bench/results/quality.json" } },
  });
  const page = new URL("../../docs/performance.md", import.meta.url);
  const report = JSON.parse(readFileSync(values.from, "utf8")) as QualityReport;
  writeFileSync(page, replaceQualityBlock(readFileSync(page, "utf8"), renderQualityTables(report)));
}
