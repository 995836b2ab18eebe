import type { ColdStartFigures } from "./measure-cold-start.ts";

/**
 * The cold-start arms as one markdown table: each beside a bare `node` start (its cost over it)
 * and the first search_docs answer beside the bare loop's (their ratio).
 */
export function renderColdStartTable(figures: readonly ColdStartFigures[]): string {
  const node = figures.find((figure) => figure.run === "node");
  const bare = figures.find((figure) => figure.run === "bare-loop");
  const ms = (value: number) => value.toFixed(1);
  const over = (value: number, base: number | undefined) =>
    base === undefined ? "–" : `+${ms(value - base)}`;
  const ratio = (value: number, base: number | undefined) =>
    base === undefined || base === 0 ? "–" : `${(value / base).toFixed(2)}×`;
  const lines = [
    "| fresh process | wall p50, p95 (ms) | over bare node (ms, p50) | CPU p50, p95 (ms) | over bare node (CPU ms, p50) | first answer / bare loop's (wall, CPU) | modules loaded | status |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const figure of figures) {
    const packages = Object.entries(figure.modulesByPackage)
      .sort(([, left], [, right]) => right - left)
      .map(([name, count]) => `${name} ${count}`)
      .join(", ");
    lines.push(
      `| ${figure.name} | ${ms(figure.wallMs.p50)}, ${ms(figure.wallMs.p95)} | ${figure.run === "node" ? "–" : over(figure.wallMs.p50, node?.wallMs.p50)} | ${ms(figure.cpuMs.p50)}, ${ms(figure.cpuMs.p95)} | ${figure.run === "node" ? "–" : over(figure.cpuMs.p50, node?.cpuMs.p50)} | ${figure.run === "search-docs" ? `${ratio(figure.wallMs.p50, bare?.wallMs.p50)}, ${ratio(figure.cpuMs.p50, bare?.cpuMs.p50)}` : "–"} | ${figure.modules} (${packages}) | ${figure.status} |`,
    );
  }
  return lines.join("\n");
}
