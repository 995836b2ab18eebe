import { escapeXml, formatTick, formatValue, niceCeiling } from "@search-docs/core/eval";
import type { BenchReport } from "./bench-report.ts";
import type { ArmSummary } from "./summarize-arm.ts";

const colors: Record<string, string> = {
  "one-page": "#9aa5b1",
  "seed-serial": "#d1603d",
  "all-pages": "#e0a458",
  "search-docs": "#2f6fb0",
};

interface Panel {
  title: string;
  /** bar height value and tick value, per scenario, per arm */
  value: (summary: ArmSummary) => { bar: number; tick: number };
  scale: "log" | "linear";
  unit: string;
}

/**
 * A hand-written SVG: latency (log scale, bar p95, tick p50) and upstream requests per call (bar
 * mean, tick p95), per arm, grouped by scenario, with the machine and date in the caption.
 */
export function renderChart(report: BenchReport): string {
  const width = 980;
  const height = 460;
  const panelWidth = 420;
  const panelTop = 92;
  const panelHeight = 280;
  const scenarios = Object.entries(report.scenarios);
  const arms = [...new Set(scenarios.flatMap(([, scenario]) => Object.keys(scenario.arms)))];
  const panels: Panel[] = [
    {
      title: "Latency per call, ms (log scale) — bar p95, tick p50",
      value: (summary) => ({ bar: summary.latencyMs.p95, tick: summary.latencyMs.p50 }),
      scale: "log",
      unit: "ms",
    },
    {
      title: "Upstream requests per call — bar mean, tick p95",
      value: (summary) => ({
        bar: summary.requestsPerCall.mean,
        tick: summary.requestsPerCall.p95,
      }),
      scale: "linear",
      unit: "",
    },
  ];
  const parts: string[] = [];
  const { machine, settings } = report;
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="20" y="24" font-size="15" font-weight="600">${escapeXml(`pnpm bench — ${settings.queryCount} queries x ${settings.repeat}, upstream latency lognormal median ${settings.latency.medianMs} ms / p95 ${settings.latency.p95Ms} ms`)}</text>`,
    `<text x="20" y="44" fill="#555">${escapeXml(`${machine.date.slice(0, 10)} · ${machine.cores} cores (${machine.cpuModel}) · ${machine.memoryGiB} GiB · Node ${machine.node} · load ${machine.loadAverageAtStart} at start · corpus ${settings.corpus.split("/").pop()}`)}</text>`,
  );
  for (const [panelIndex, panel] of panels.entries()) {
    const left = 60 + panelIndex * (panelWidth + 80);
    const values = scenarios.flatMap(([, scenario]) =>
      Object.values(scenario.arms).flatMap((summary) => {
        const { bar, tick } = panel.value(summary);
        return [bar, tick].filter((value) => Number.isFinite(value) && value > 0);
      }),
    );
    const maximum = Math.max(1, ...values);
    const minimum = Math.max(1e-3, Math.min(...values, maximum));
    const logLow = Math.floor(Math.log10(minimum));
    const logHigh = Math.max(logLow + 1, Math.ceil(Math.log10(maximum)));
    const linearHigh = niceCeiling(maximum);
    const y = (value: number) => {
      if (panel.scale === "log") {
        const clamped = Math.max(value, 10 ** logLow);
        return panelTop + panelHeight * (1 - (Math.log10(clamped) - logLow) / (logHigh - logLow));
      }
      return panelTop + panelHeight * (1 - value / linearHigh);
    };
    parts.push(
      `<text x="${left}" y="${panelTop - 12}" font-weight="600">${escapeXml(panel.title)}</text>`,
    );
    const ticks =
      panel.scale === "log"
        ? Array.from({ length: logHigh - logLow + 1 }, (_, index) => 10 ** (logLow + index))
        : Array.from({ length: 6 }, (_, index) => (linearHigh * index) / 5);
    for (const tick of ticks) {
      const tickY = y(tick);
      parts.push(
        `<line x1="${left}" x2="${left + panelWidth}" y1="${tickY.toFixed(1)}" y2="${tickY.toFixed(1)}" stroke="#e5e5e5"/>`,
        `<text x="${left - 6}" y="${(tickY + 4).toFixed(1)}" text-anchor="end" fill="#555">${escapeXml(formatTick(tick))}</text>`,
      );
    }
    const groupWidth = panelWidth / Math.max(1, scenarios.length);
    const barWidth = Math.min(22, (groupWidth - 20) / Math.max(1, arms.length));
    for (const [groupIndex, [name, scenario]] of scenarios.entries()) {
      const groupLeft = left + groupIndex * groupWidth + (groupWidth - barWidth * arms.length) / 2;
      for (const [armIndex, arm] of arms.entries()) {
        const summary = scenario.arms[arm as keyof typeof scenario.arms];
        if (summary === undefined) continue;
        const { bar, tick } = panel.value(summary);
        const x = groupLeft + armIndex * barWidth;
        const top = y(bar);
        const bottom = panelTop + panelHeight;
        parts.push(
          `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${(barWidth - 3).toFixed(1)}" height="${Math.max(0, bottom - top).toFixed(1)}" fill="${colors[arm] ?? "#777"}"><title>${escapeXml(`${name} · ${arm}: ${formatValue(bar)}${panel.unit ? ` ${panel.unit}` : ""}`)}</title></rect>`,
        );
        if (Number.isFinite(tick) && tick > 0) {
          const tickY = y(tick);
          parts.push(
            `<line x1="${x.toFixed(1)}" x2="${(x + barWidth - 3).toFixed(1)}" y1="${tickY.toFixed(1)}" y2="${tickY.toFixed(1)}" stroke="#111" stroke-width="2"/>`,
          );
        }
        parts.push(
          `<text x="${(x + (barWidth - 3) / 2).toFixed(1)}" y="${(top - 4).toFixed(1)}" text-anchor="middle" font-size="9" fill="#333">${escapeXml(formatValue(bar))}</text>`,
        );
      }
      parts.push(
        `<text x="${(left + groupIndex * groupWidth + groupWidth / 2).toFixed(1)}" y="${panelTop + panelHeight + 18}" text-anchor="middle">${escapeXml(name)}</text>`,
      );
    }
    parts.push(
      `<line x1="${left}" x2="${left + panelWidth}" y1="${panelTop + panelHeight}" y2="${panelTop + panelHeight}" stroke="#333"/>`,
    );
  }
  for (const [index, arm] of arms.entries()) {
    const x = 60 + index * 150;
    parts.push(
      `<rect x="${x}" y="${height - 34}" width="14" height="14" fill="${colors[arm] ?? "#777"}"/>`,
      `<text x="${x + 20}" y="${height - 22}">${escapeXml(arm)}</text>`,
    );
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
