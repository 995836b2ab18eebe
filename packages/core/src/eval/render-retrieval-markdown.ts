import { draftedBanner } from "./render-retrieval-table.js";
import type { RetrievalReport } from "./retrieval-report.js";
import { retrievalTableRows, tableHeaders } from "./retrieval-table-rows.js";

/**
 * The report as Markdown for a pull request: the figures table, a link to the per-area chart
 * (`chartPath`, an SVG beside the file), every miss with what came back instead, and the outages.
 */
export function renderRetrievalMarkdown(
  reports: Readonly<Record<string, RetrievalReport>>,
  { chartPath, title = "Retrieval evaluation" }: { chartPath?: string; title?: string } = {},
): string {
  const entries = Object.entries(reports);
  const lines: string[] = [`# ${title}`, ""];
  if (entries.some(([, report]) => report.drafted)) lines.push(`> **${draftedBanner}**`, "");
  const [first] = entries;
  if (first) {
    lines.push(
      `Query set \`${first[1].source}\`, ${first[1].overall.calls} questions, k = ${first[1].k}${entries.length > 1 ? `; setups: ${entries.map(([name]) => `\`${name}\``).join(" vs ")}` : ""}. Unavailable calls are counted apart, never as misses.`,
      "",
    );
  }
  const cell = (text: string) => text.replaceAll("|", "\\|");
  lines.push(
    `| ${tableHeaders.join(" | ")} |`,
    `| ${tableHeaders.map((_, index) => (index === 0 ? "---" : "---:")).join(" | ")} |`,
    ...retrievalTableRows(reports).map((row) => `| ${row.map(cell).join(" | ")} |`),
    "",
  );
  if (chartPath) lines.push(`![recall@8, MRR@8 and nDCG@8 per area](${chartPath})`, "");
  for (const [name, report] of entries) {
    const label = entries.length > 1 ? ` — ${name}` : "";
    lines.push(`## Misses${label} (${report.misses.length})`, "");
    if (report.misses.length === 0) lines.push("None.", "");
    else {
      lines.push("| line | area | query | expected | got |", "| ---: | --- | --- | --- | --- |");
      for (const miss of report.misses) {
        const expected = miss.missing.length === 0 ? "nothing" : miss.missing.join(", ");
        const got = miss.returned.length === 0 ? `\`${miss.status}\`` : miss.returned.join(", ");
        lines.push(
          `| ${miss.line} | ${cell(miss.area ?? "")} | ${cell(miss.query)} | ${cell(expected)} | ${cell(got)} |`,
        );
      }
      lines.push("");
    }
    const { unavailable } = report.overall;
    if (unavailable.calls > 0) {
      lines.push(
        `**Unavailable${label}:** ${unavailable.calls} call(s), left out of every figure above: ${Object.entries(
          unavailable.reasons,
        )
          .map(([kind, calls]) => `${kind} ${calls}`)
          .join(", ")}.`,
        "",
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
