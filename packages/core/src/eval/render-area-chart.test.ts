import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { QueryOutcome } from "./query-outcome.js";
import { renderAreaChart } from "./render-area-chart.js";
import { renderRetrievalMarkdown } from "./render-retrieval-markdown.js";
import { retrievalReport } from "./retrieval-report.js";

const chromium = "/usr/bin/chromium";
const folder = mkdtempSync(join(tmpdir(), "eval-chart-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function outcome(
  area: string,
  recall: number,
  status: QueryOutcome["status"] = "ok",
): QueryOutcome {
  return {
    id: `${area}-${recall}-${status}`,
    line: 1,
    query: `about ${area}`,
    area,
    tags: [],
    expect: ["x/y"],
    status,
    refs: ["x/z#1"],
    latencyMs: 12,
    ...(status === "unavailable"
      ? {}
      : {
          scores: {
            recall,
            reciprocalRank: recall / 2,
            ndcg: recall * 0.8,
            sectionRecall: undefined,
            sectionReciprocalRank: undefined,
          },
        }),
    found: recall === 1 ? ["x/y"] : [],
    missing: recall === 1 ? [] : ["x/y"],
    failures:
      status === "unavailable" ? [{ collectionId: "c", kind: "timeout", reason: "timed out" }] : [],
    collections: [{ collectionId: `c-${area}`, pages: 1 }],
  };
}

const folderReport = retrievalReport({ source: "dev.jsonl", drafted: false }, [
  outcome("runbooks", 1),
  outcome("runbooks", 0),
  outcome("policies", 1),
  outcome("policies", 1, "unavailable"),
]);
const postgresReport = retrievalReport({ source: "dev.jsonl", drafted: false }, [
  outcome("runbooks", 1),
  outcome("runbooks", 1),
  outcome("policies", 0),
  outcome("policies", 1),
]);

describe("the report's chart and Markdown", () => {
  it("draws one bar per metric per area (and per setup), every value labelled", () => {
    const svg = renderAreaChart({ folder: folderReport, postgres: postgresReport });
    expect(svg.startsWith("<svg xmlns=")).toBe(true);
    // all, policies, runbooks × 2 setups × 3 metrics
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(18);
    expect(svg).toContain("<title>runbooks · folder · recall@8: 0.50</title>");
    expect(svg).toContain("<title>policies · postgres · recall@8: 0.50</title>");
    expect(svg).not.toContain("DRAFTED");
    expect(renderAreaChart({ only: { ...folderReport, drafted: true } })).toContain("DRAFTED");
  });

  it("links the chart from the Markdown, lists misses with what came back, and outages apart", () => {
    const markdown = renderRetrievalMarkdown({ only: folderReport }, { chartPath: "report.svg" });
    expect(markdown).toContain("![recall@8, MRR@8 and nDCG@8 per area](report.svg)");
    expect(markdown).toContain("| 1 | runbooks | about runbooks | x/y | x/z#1 |");
    expect(markdown).toContain(
      "**Unavailable:** 1 call(s), left out of every figure above: timeout 1.",
    );
    expect(markdown).toMatch(/\| all \| 4 \| 0\.667 \|/);
  });

  it.skipIf(!existsSync(chromium))(
    "renders in headless Chromium (skipped where /usr/bin/chromium is not installed)",
    async () => {
      const svgPath = join(folder, "chart.svg");
      const pngPath = join(folder, "chart.png");
      writeFileSync(svgPath, renderAreaChart({ folder: folderReport, postgres: postgresReport }));
      await promisify(execFile)(
        chromium,
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          `--screenshot=${pngPath}`,
          "--window-size=700,420",
          `file://${svgPath}`,
        ],
        { timeout: 60_000 },
      );
      const png = readFileSync(pngPath);
      // A PNG's signature, then its IHDR width: the page was drawn at the asked size.
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(png.readUInt32BE(16)).toBe(700);
      if (process.env.EVAL_CHART_PNG) writeFileSync(process.env.EVAL_CHART_PNG, png);
    },
    90_000,
  );
});
