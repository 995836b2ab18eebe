import type { BenchReport, TargetResult } from "./bench-report.ts";

const fixed = (value: number, digits = 2) =>
  Number.isFinite(value) ? value.toFixed(digits) : "n/a";

/** The targets, each with the figure this run measured and whether it is met. */
export function evaluateTargets(report: Omit<BenchReport, "targets">): TargetResult[] {
  const results: TargetResult[] = [];
  const add = (target: string, value: string, met: boolean | undefined) =>
    results.push({ target, value, met });
  const calm = report.scenarios["no-faults"]?.arms;
  const reindex = report.scenarios.reindex?.arms;
  if (calm !== undefined) {
    const ours = calm["search-docs"];
    const allPages = calm["all-pages"];
    const onePage = calm["one-page"];
    const seed = calm["seed-serial"];
    if (report.settings.queries.endsWith("dev-queries.jsonl")) {
      add(
        "dev set: recall@8 >= 0.88, MRR@8 >= 0.73",
        `${fixed(ours.recallAt8, 3)} / ${fixed(ours.mrrAt8, 3)}`,
        ours.recallAt8 >= 0.88 && ours.mrrAt8 >= 0.73,
      );
    }
    add(
      "recall@8 and MRR@8 >= one-page's (the upstream order, one page: the bar to beat)",
      `${fixed(ours.recallAt8, 3)} / ${fixed(ours.mrrAt8, 3)} vs ${fixed(onePage.recallAt8, 3)} / ${fixed(onePage.mrrAt8, 3)}`,
      ours.recallAt8 >= onePage.recallAt8 && ours.mrrAt8 >= onePage.mrrAt8,
    );
    add(
      "no recall loss against all-pages (document and section level)",
      `${fixed(ours.recallAt8, 3)} vs ${fixed(allPages.recallAt8, 3)}; section ${fixed(ours.sectionRecallAt8, 3)} vs ${fixed(allPages.sectionRecallAt8, 3)}`,
      ours.recallAt8 >= allPages.recallAt8 && ours.sectionRecallAt8 >= allPages.sectionRecallAt8,
    );
    add(
      "upstream requests per searched collection, mean <= 1.2",
      `mean ${fixed(ours.requestsPerCollection.mean)}, p95 ${fixed(ours.requestsPerCollection.p95, 1)} (all-pages mean ${fixed(allPages.requestsPerCollection.mean)})`,
      ours.requestsPerCollection.mean <= 1.2,
    );
    add(
      "more_matches_exist truthful under the adaptive stop",
      `${ours.adaptiveStops} adaptive stops, ${ours.untruthfulMoreMatches} answered more_matches_exist: false`,
      ours.untruthfulMoreMatches === 0,
    );
    add(
      "latency <= 1.1x its physical floor (per call, p95)",
      `p50 ${fixed(ours.latencyOverFloor.p50)}x, p95 ${fixed(ours.latencyOverFloor.p95)}x`,
      ours.latencyOverFloor.p95 <= 1.1,
    );
    add(
      "latency p95 <= 1.5x one-page's p95",
      `${fixed(ours.latencyMs.p95, 0)} ms vs ${fixed(onePage.latencyMs.p95, 0)} ms (${fixed(ours.latencyMs.p95 / onePage.latencyMs.p95)}x)`,
      ours.latencyMs.p95 <= 1.5 * onePage.latencyMs.p95,
    );
    add(
      "latency p95 <= 0.15x seed-serial's p95",
      `${fixed(ours.latencyMs.p95, 0)} ms vs ${fixed(seed.latencyMs.p95, 0)} ms (${fixed(ours.latencyMs.p95 / seed.latencyMs.p95)}x)`,
      ours.latencyMs.p95 <= 0.15 * seed.latencyMs.p95,
    );
    if (ours.cpuMs !== undefined) {
      add(
        "CPU per call p50 <= 2 ms",
        `p50 ${fixed(ours.cpuMs.p50)} ms, p95 ${fixed(ours.cpuMs.p95)} ms`,
        ours.cpuMs.p50 <= 2,
      );
    } else add("CPU per call p50 <= 2 ms", "not measured (--skip cpu)", undefined);
    if (reindex !== undefined) {
      const during = reindex["search-docs"].latencyMs.p95;
      const seedDuring = reindex["seed-serial"].latencyMs.p95;
      add(
        "reindex window: latency p95 <= 1.2x the no-fault p95",
        `${fixed(during, 0)} ms vs ${fixed(ours.latencyMs.p95, 0)} ms (${fixed(during / ours.latencyMs.p95)}x; seed-serial ${fixed(seedDuring, 0)} ms)`,
        during <= 1.2 * ours.latencyMs.p95,
      );
    }
  }
  if (reindex === undefined)
    add("reindex window: latency p95 <= 1.2x the no-fault p95", "not run", undefined);
  if (report.rerank !== undefined) {
    add(
      `default reranker p95 <= 5 ms at ${report.rerank.candidates} candidates`,
      `p50 ${fixed(report.rerank.p50Ms)} ms, p95 ${fixed(report.rerank.p95Ms)} ms, p99 ${fixed(report.rerank.p99Ms)} ms`,
      report.rerank.p95Ms <= 5,
    );
  } else add("default reranker p95 <= 5 ms at 480 candidates", "not run", undefined);
  if (report.keepAlive !== undefined) {
    const { keepAlive, noKeepAlive } = report.keepAlive;
    add(
      "upstream connections reused (keep-alive); reported with and without",
      `p50/p95 ${fixed(keepAlive.latencyMs.p50, 0)}/${fixed(keepAlive.latencyMs.p95, 0)} ms with, ${fixed(noKeepAlive.latencyMs.p50, 0)}/${fixed(noKeepAlive.latencyMs.p95, 0)} ms without; CPU p50 ${fixed(keepAlive.cpuMs?.p50 ?? Number.NaN)} vs ${fixed(noKeepAlive.cpuMs?.p50 ?? Number.NaN)} ms`,
      true,
    );
  }
  if (report.heap !== undefined) {
    const first = report.heap.samples[0]?.heapUsedMiB ?? 0;
    const last = report.heap.samples[report.heap.samples.length - 1]?.heapUsedMiB ?? 0;
    add(
      `heap bounded over ${report.heap.calls} calls (second-half growth < 2 MiB)`,
      `${fixed(first, 1)} MiB -> ${fixed(last, 1)} MiB; second half ${fixed(report.heap.secondHalfGrowthMiB)} MiB${report.heap.forcedGc ? "" : " (no forced GC)"}`,
      report.heap.secondHalfGrowthMiB < 2,
    );
  } else add("heap bounded after 10,000 calls", "not run", undefined);
  return results;
}
