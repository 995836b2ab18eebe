import { describe, expect, it } from "vitest";
import type { BenchReport } from "./bench-report.ts";
import { renderChart } from "./render-chart.ts";
import { renderTable } from "./render-table.ts";
import { summarizeArm } from "./summarize-arm.ts";

const summary = (latencyMs: number, requests: number) =>
  summarizeArm([
    {
      query: { id: "q", query: "q", gold: [{ docId: "d" }] },
      record: {
        status: "ok",
        moreMatchesExist: false,
        output: {},
        targets: [{ docId: "d", section: undefined }],
        searchedCollections: ["c"],
        requests: Array.from({ length: requests }, () => ({
          collectionId: "c",
          status: 200,
          waitMs: 0,
          latencyMs: latencyMs / requests,
        })),
        recordsFetched: 20 * requests,
        durationMs: latencyMs,
      },
    },
  ]);

const report: BenchReport = {
  machine: {
    date: "2026-01-02T03:04:05.000Z",
    cpuModel: "Test <CPU> & co",
    cores: 2,
    memoryGiB: 4,
    node: "v24.0.0",
    os: "linux",
    loadAverageAtStart: 0.1,
  },
  settings: {
    corpus: "sample",
    queries: "queries.jsonl",
    queryCount: 1,
    repeat: 1,
    concurrency: 1,
    latency: { medianMs: 40, p95Ms: 90 },
    collections: { runbooks: 1 },
  },
  scenarios: {
    "no-faults": {
      description: "no faults",
      seconds: 1,
      arms: {
        "one-page": summary(50, 1),
        "seed-serial": summary(300, 6),
        "all-pages": summary(120, 6),
        "search-docs": summary(60, 1),
      },
    },
    reindex: {
      description: "reindex",
      seconds: 1,
      arms: {
        "one-page": summary(50, 1),
        "seed-serial": summary(3300, 6),
        "all-pages": summary(120, 6),
        "search-docs": summary(60, 1),
      },
    },
  },
  targets: [{ target: "recall@8 >= 0.95", value: "1.000", met: true }],
  seconds: 1,
};

describe("renderChart", () => {
  it("draws one bar per arm and scenario in each panel, with the machine and date", () => {
    const svg = renderChart(report);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(2 * 2 * 4);
    expect(svg).toContain("2026-01-02");
    expect(svg).toContain("Test &lt;CPU&gt; &amp; co");
    expect(svg).toContain("reindex · seed-serial: 3300 ms");
  });
});

describe("renderTable", () => {
  it("has a row per arm and scenario and one per target", () => {
    const table = renderTable(report);
    expect(table.split("\n").filter((line) => line.startsWith("| no-faults |"))).toHaveLength(4);
    expect(table).toContain("| recall@8 >= 0.95 | 1.000 | yes |");
  });
});
