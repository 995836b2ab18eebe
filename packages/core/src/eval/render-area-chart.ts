import { escapeXml, formatValue } from "./chart-axis.js";
import type { RetrievalReport } from "./retrieval-report.js";

const metrics = [
  { label: "recall@8", read: "recallAt8" },
  { label: "MRR@8", read: "mrrAt8" },
  { label: "nDCG@8", read: "ndcgAt8" },
] as const;

// One hue per setup, one shade per metric: the pairs stay readable side by side.
const palettes = [
  ["#1f5f99", "#4a8fd0", "#9cc3ea"],
  ["#b5542f", "#e0875f", "#f2c0a6"],
  ["#3d7a3d", "#6fb06f", "#b6dcb6"],
];

/**
 * A hand-written SVG bar chart: recall@8, MRR@8 and nDCG@8 per area (every question first), one
 * bar group per area, side by side per setup when several ran. Values on a 0–1 axis.
 */
export function renderAreaChart(reports: Readonly<Record<string, RetrievalReport>>): string {
  const setups = Object.entries(reports);
  const areas = [
    "all",
    ...new Set(setups.flatMap(([, report]) => Object.keys(report.byArea)).sort()),
  ];
  const bars = setups.length * metrics.length;
  const barWidth = 14;
  const groupWidth = bars * barWidth + 36;
  const left = 56;
  const top = 84;
  const plotHeight = 240;
  const width = Math.max(560, left + areas.length * groupWidth + 24);
  const legendRows = setups.length;
  const height = top + plotHeight + 56 + legendRows * 20;
  const drafted = setups.some(([, report]) => report.drafted);
  const y = (value: number) => top + plotHeight * (1 - Math.min(1, Math.max(0, value)));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="15" font-weight="600">${escapeXml(`search-docs eval — ${setups[0]?.[1].source ?? ""}`)}</text>`,
    `<text x="16" y="42" fill="#555">${escapeXml(`recall@8, MRR@8 and nDCG@8 per area (all: every question)${setups.length > 1 ? `; ${setups.map(([name]) => name).join(" vs ")}` : ""}`)}</text>`,
  ];
  if (drafted) {
    parts.push(
      `<text x="16" y="60" font-weight="700" fill="#b00020">DRAFTED QUESTIONS (eval init): not a measurement</text>`,
    );
  }
  for (const tick of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
    const tickY = y(tick).toFixed(1);
    parts.push(
      `<line x1="${left}" x2="${width - 16}" y1="${tickY}" y2="${tickY}" stroke="#e5e5e5"/>`,
      `<text x="${left - 6}" y="${(Number(tickY) + 4).toFixed(1)}" text-anchor="end" fill="#555">${tick.toFixed(1)}</text>`,
    );
  }
  for (const [groupIndex, area] of areas.entries()) {
    const groupLeft = left + 18 + groupIndex * groupWidth;
    for (const [setupIndex, [name, report]] of setups.entries()) {
      const figures = area === "all" ? report.overall : report.byArea[area];
      for (const [metricIndex, { label, read }] of metrics.entries()) {
        const value = figures?.[read] ?? Number.NaN;
        const x = groupLeft + (setupIndex * metrics.length + metricIndex) * barWidth;
        const barTop = Number.isFinite(value) ? y(value) : y(0);
        const color = palettes[setupIndex % palettes.length]?.[metricIndex] ?? "#777";
        parts.push(
          `<rect x="${x}" y="${barTop.toFixed(1)}" width="${barWidth - 2}" height="${(top + plotHeight - barTop).toFixed(1)}" fill="${color}"><title>${escapeXml(`${area} · ${name} · ${label}: ${formatValue(value)}`)}</title></rect>`,
          `<text x="${x + (barWidth - 2) / 2}" y="${(barTop - 4).toFixed(1)}" text-anchor="middle" font-size="8" fill="#333">${escapeXml(formatValue(value))}</text>`,
        );
      }
    }
    parts.push(
      `<text x="${groupLeft + (bars * barWidth) / 2}" y="${top + plotHeight + 18}" text-anchor="middle">${escapeXml(area)}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" x2="${width - 16}" y1="${top + plotHeight}" y2="${top + plotHeight}" stroke="#333"/>`,
  );
  for (const [setupIndex, [name]] of setups.entries()) {
    const legendY = top + plotHeight + 40 + setupIndex * 20;
    for (const [metricIndex, { label }] of metrics.entries()) {
      const x = left + metricIndex * 150;
      const color = palettes[setupIndex % palettes.length]?.[metricIndex] ?? "#777";
      parts.push(
        `<rect x="${x}" y="${legendY - 11}" width="12" height="12" fill="${color}"/>`,
        `<text x="${x + 18}" y="${legendY}">${escapeXml(setups.length > 1 ? `${name}: ${label}` : label)}</text>`,
      );
    }
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
