import type { RetrievalReport } from "./retrieval-report.js";
import { retrievalTableRows, tableHeaders } from "./retrieval-table-rows.js";

export const draftedBanner =
  "DRAFTED QUESTIONS (written by `search-docs eval init`, not by a person): NOT A MEASUREMENT";

/** The report for a terminal: the figures table, then the misses, the outages and the pages read. */
export function renderRetrievalTable(
  reports: Readonly<Record<string, RetrievalReport>>,
  { missesShown = 20 }: { missesShown?: number } = {},
): string {
  const rows = [tableHeaders, ...retrievalTableRows(reports)];
  const widths = tableHeaders.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? "").length)),
  );
  const lines: string[] = [];
  const entries = Object.entries(reports);
  if (entries.some(([, report]) => report.drafted)) lines.push(draftedBanner, "");
  for (const [index, row] of rows.entries()) {
    lines.push(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join("  "),
    );
    if (index === 0) lines.push(widths.map((width) => "-".repeat(width)).join("  "));
  }
  for (const [name, report] of entries) {
    const label = entries.length > 1 ? ` (${name})` : "";
    if (report.misses.length > 0) {
      lines.push("", `Misses${label}: ${report.misses.length}`);
      for (const miss of report.misses.slice(0, missesShown)) {
        const expected =
          miss.missing.length === 0 ? "expected nothing" : `expected ${miss.missing.join(", ")}`;
        const got = miss.returned.length === 0 ? miss.status : miss.returned.join(", ");
        lines.push(
          `  line ${miss.line}${miss.area ? ` [${miss.area}]` : ""} "${miss.query}": ${expected}; got ${got}`,
        );
      }
      if (report.misses.length > missesShown) {
        lines.push(
          `  … ${report.misses.length - missesShown} more (--json or --report lists every one)`,
        );
      }
    }
    const { unavailable } = report.overall;
    if (unavailable.calls > 0) {
      const reasons = Object.entries(unavailable.reasons)
        .map(([kind, calls]) => `${kind} ${calls}`)
        .join(", ");
      lines.push(
        "",
        `Unavailable${label}: ${unavailable.calls} call(s), not counted as misses (${reasons})`,
      );
    }
    const collections = Object.entries(report.collections);
    if (collections.length > 0) {
      lines.push(
        "",
        `Upstream pages per collection${label}: ${collections
          .map(([id, walk]) => `${id} ${walk.pagesPerWalk.toFixed(2)} (${walk.walks} walks)`)
          .join(", ")}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
