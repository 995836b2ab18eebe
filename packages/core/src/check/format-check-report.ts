import { type CheckReport, checkSteps } from "./check-report.js";

const marks = { pass: "✓", fail: "✗", skip: "–" } as const;

/** The report as a person reads it: one line per step, each ✗ followed by its fix. */
export function formatCheckReport(report: CheckReport): string {
  const lines = [`Checking ${report.engine} at ${report.origin}`, ""];
  let lastTarget = "";
  for (const row of report.rows) {
    const target = `${row.area} / ${row.collectionId}`;
    if (target !== lastTarget) {
      lines.push(
        row.area === "*" ? `  ${row.collectionId}` : `  area ${row.area}, ${row.collectionId}`,
      );
      lastTarget = target;
    }
    // A detail of several lines (several sources' index lines) stays in its column.
    const detail = row.detail.replaceAll("\n", `\n${" ".repeat(29)}`);
    lines.push(`    ${marks[row.state]} ${checkSteps[row.step].padEnd(22)} ${detail}`);
    if (row.fix !== undefined) lines.push(`      fix: ${row.fix}`);
  }
  const failed = report.rows.filter((row) => row.state === "fail").length;
  const passed = report.rows.filter((row) => row.state === "pass").length;
  lines.push(
    "",
    failed === 0
      ? `All ${passed} checks passed.`
      : `${failed} check(s) failed, ${passed} passed: apply each fix, then run check again.`,
  );
  return `${lines.join("\n")}\n`;
}
