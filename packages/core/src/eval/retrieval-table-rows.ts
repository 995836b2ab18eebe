import type { RetrievalFigures } from "./retrieval-figures.js";
import type { RetrievalReport } from "./retrieval-report.js";

/** The report's columns: a header and how to print one group's figure. */
const columns: ReadonlyArray<{
  header: string;
  value: (figures: RetrievalFigures) => number;
  digits: number;
}> = [
  { header: "calls", value: (figures) => figures.calls, digits: 0 },
  { header: "recall@8", value: (figures) => figures.recallAt8, digits: 3 },
  { header: "MRR@8", value: (figures) => figures.mrrAt8, digits: 3 },
  { header: "nDCG@8", value: (figures) => figures.ndcgAt8, digits: 3 },
  { header: "sect.recall", value: (figures) => figures.sectionRecallAt8, digits: 3 },
  { header: "sect.MRR", value: (figures) => figures.sectionMrrAt8, digits: 3 },
  { header: "no-answer", value: (figures) => figures.noAnswer.rate, digits: 3 },
  { header: "unavailable", value: (figures) => figures.unavailable.calls, digits: 0 },
  { header: "p50 ms", value: (figures) => figures.latencyMs.p50, digits: 1 },
  { header: "p95 ms", value: (figures) => figures.latencyMs.p95, digits: 1 },
  { header: "pages/coll", value: (figures) => figures.pagesPerCollection.mean, digits: 2 },
];

export const tableHeaders = ["group", ...columns.map((column) => column.header)];

/**
 * Rows of the figures table: every question, then each area, then each tag; with two setups,
 * each group's row per setup and then their difference (second minus first).
 */
export function retrievalTableRows(reports: Readonly<Record<string, RetrievalReport>>): string[][] {
  const setups = Object.entries(reports);
  const [first] = setups;
  if (first === undefined) return [];
  const groups: Array<{
    label: string;
    pick: (report: RetrievalReport) => RetrievalFigures | undefined;
  }> = [
    { label: "all", pick: (report) => report.overall },
    ...[...new Set(setups.flatMap(([, report]) => Object.keys(report.byArea)))]
      .sort()
      .map((area) => ({
        label: `area ${area}`,
        pick: (report: RetrievalReport) => report.byArea[area],
      })),
    ...[...new Set(setups.flatMap(([, report]) => Object.keys(report.byTag)))]
      .sort()
      .map((tag) => ({
        label: `tag ${tag}`,
        pick: (report: RetrievalReport) => report.byTag[tag],
      })),
  ];
  const rows: string[][] = [];
  for (const group of groups) {
    const values = setups.map(([name, report]) => ({ name, figures: group.pick(report) }));
    for (const { name, figures } of values) {
      rows.push([
        setups.length > 1 ? `${group.label} · ${name}` : group.label,
        ...columns.map((column) =>
          format(figures ? column.value(figures) : Number.NaN, column.digits),
        ),
      ]);
    }
    const [a, b] = values;
    if (setups.length === 2 && a?.figures && b?.figures) {
      const left = a.figures;
      const right = b.figures;
      rows.push([
        `${group.label} · difference`,
        ...columns.map((column) => signed(column.value(right) - column.value(left), column.digits)),
      ]);
    }
  }
  return rows;
}

function format(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "–";
}

function signed(value: number, digits: number): string {
  if (!Number.isFinite(value)) return "–";
  const text = value.toFixed(digits);
  return value > 0 && Number(text) !== 0 ? `+${text}` : text;
}
