import type { BareLoopRow } from "./measure-bare-loop.ts";

/** What bare-loop-bench.ts writes to bench/results/. */
export interface BareLoopResult {
  machine: { date: string; loadAverageAtStart: number };
  latencyMs: number;
  rows: BareLoopRow[];
}

/**
 * search-docs over the bare loop, two runs side by side per collection count (`before`, the run
 * on main before a change, and `after`): the ratios of the same run, the pages read and the
 * answers' recall and MRR, so what a change bought and what it left alone read in one table.
 */
export function renderBareLoopBeforeAfter(runs: Array<[label: string, BareLoopResult]>): string {
  const times = (value: number) => `${value.toFixed(2)}×`;
  const lines = [
    "| collections | run (date, load at start) | wall p50 search-docs / bare loop (ms) | ratio | wall p95 (ms) | ratio | CPU / call p50 (ms) | ratio | requests / collection mean (p95) | recall@8, MRR@8 |",
    "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const counts = [...new Set(runs.flatMap(([, run]) => run.rows.map((row) => row.collections)))];
  for (const collections of counts.sort((left, right) => left - right)) {
    for (const [label, run] of runs) {
      const row = run.rows.find((candidate) => candidate.collections === collections);
      if (row === undefined) continue;
      const ours = row.arms["search-docs"];
      const bare = row.arms["bare-loop"];
      const p95 = ours.requestsPerCollectionP95;
      lines.push(
        `| ${collections} | ${label} (${run.machine.date.slice(0, 16).replace("T", " ")}, ${run.machine.loadAverageAtStart}) | ${ours.wallMs.p50.toFixed(1)} / ${bare.wallMs.p50.toFixed(1)} | ${times(row.ratio.wallP50)} | ${ours.wallMs.p95.toFixed(1)} / ${bare.wallMs.p95.toFixed(1)} | ${times(row.ratio.wallP95)} | ${ours.cpuMs.p50.toFixed(1)} / ${bare.cpuMs.p50.toFixed(1)} | ${times(row.ratio.cpuP50)} | ${ours.requestsPerCollection.toFixed(2)} (${p95 === undefined ? "–" : p95.toFixed(0)}) | ${ours.recallAt8.toFixed(3)}, ${ours.mrrAt8.toFixed(3)} |`,
      );
    }
  }
  return lines.join("\n");
}
