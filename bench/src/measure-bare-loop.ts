import { percentile } from "@search-docs/measure";
import { bareLoopSearch } from "./bare-loop-search.ts";
import type { CallRecord } from "./call-record.ts";
import { createDocsSearchArm } from "./docs-search-arm.ts";
import { recallAt, reciprocalRankAt } from "./gold-metrics.ts";
import type { BenchQuery } from "./load-queries.ts";
import { physicalFloor } from "./physical-floor.ts";
import { startServiceProcess } from "./service-process.ts";

export const bareLoopArmNames = ["search-docs", "bare-loop"] as const;
export type BareLoopArmName = (typeof bareLoopArmNames)[number];

export interface Spread {
  p50: number;
  p95: number;
}

/** One arm at one collection count, every figure per call. */
export interface BareLoopArmFigures {
  wallMs: Spread;
  /** User + system CPU of this process around the call (the service runs in another). */
  cpuMs: Spread & { mean: number };
  /**
   * Wall time over the pure-latency floor: the service's fixed latency times the longest chain
   * of sequential requests to one collection. Nobody's CPU is in the floor.
   */
  overLatencyFloor: Spread;
  /**
   * Wall time over the request latencies the client itself measured (the older "physical
   * floor"): those include the fake service's own CPU and queueing, so this ratio flatters.
   */
  overMeasuredRequestFloor: Spread;
  requestsPerCollection: number;
  /** Pages read of one collection in one call, p95 over every searched collection of every call. */
  requestsPerCollectionP95: number;
  recallAt8: number;
  mrrAt8: number;
}

export interface BareLoopRow {
  collections: number;
  calls: number;
  arms: Record<BareLoopArmName, BareLoopArmFigures>;
  /** search-docs over the bare loop. */
  ratio: { wallP50: number; wallP95: number; cpuP50: number; cpuMean: number };
}

export interface TimedCall {
  query: BenchQuery;
  record: CallRecord;
  cpuMs: number;
}

/** The figures of one arm's calls; `latencyMs` is the service's fixed latency per request. */
export function summarizeTimedCalls(
  calls: readonly TimedCall[],
  latencyMs: number,
): BareLoopArmFigures {
  const spread = (values: readonly number[]): Spread => ({
    p50: percentile([...values], 50),
    p95: percentile([...values], 95),
  });
  const walls = calls.map((call) => call.record.durationMs);
  const cpu = calls.map((call) => call.cpuMs);
  const overLatencyFloor: number[] = [];
  const overMeasured: number[] = [];
  let requests = 0;
  let collections = 0;
  const pagesRead: number[] = [];
  const recalls: number[] = [];
  const reciprocalRanks: number[] = [];
  for (const { query, record } of calls) {
    const chains = new Map<string, number>();
    for (const request of record.requests) {
      chains.set(request.collectionId, (chains.get(request.collectionId) ?? 0) + 1);
    }
    for (const collectionId of record.searchedCollections) {
      pagesRead.push(chains.get(collectionId) ?? 0);
    }
    const longestChain = Math.max(0, ...chains.values());
    if (longestChain > 0) overLatencyFloor.push(record.durationMs / (longestChain * latencyMs));
    const measured = physicalFloor(record.requests);
    if (measured > 0) overMeasured.push(record.durationMs / measured);
    requests += record.requests.length;
    collections += record.searchedCollections.length;
    if (query.gold.length > 0) {
      recalls.push(recallAt(record.targets, query.gold, 8, "document") ?? 0);
      reciprocalRanks.push(reciprocalRankAt(record.targets, query.gold, 8));
    }
  }
  const average = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    wallMs: spread(walls),
    cpuMs: { ...spread(cpu), mean: average(cpu) },
    overLatencyFloor: spread(overLatencyFloor),
    overMeasuredRequestFloor: spread(overMeasured),
    requestsPerCollection: collections === 0 ? 0 : requests / collections,
    requestsPerCollectionP95: pagesRead.length === 0 ? 0 : percentile(pagesRead, 95),
    recallAt8: average(recalls),
    mrrAt8: average(reciprocalRanks),
  };
}

/**
 * search-docs as shipped against the bare loop (`bareLoopSearch`), side by side in one run: for
 * each collection count, one fake service in a child process answering every request in exactly
 * `latencyMs`, the same questions, one call at a time, the two arms alternating which goes first,
 * `process.cpuUsage` around every call.
 */
export async function measureBareLoop({
  corpus,
  queries,
  collectionCounts,
  latencyMs,
  warmUpCalls = 8,
  onProgress = () => {},
}: {
  corpus: string | undefined;
  queries: readonly BenchQuery[];
  collectionCounts: readonly number[];
  latencyMs: number;
  warmUpCalls?: number;
  onProgress?: (message: string) => void;
}): Promise<BareLoopRow[]> {
  const rows: BareLoopRow[] = [];
  for (const collections of collectionCounts) {
    const service = await startServiceProcess({
      ...(corpus === undefined ? {} : { corpus }),
      collectionsPerArea: Math.max(1, Math.round(collections / 4)),
      seed: 1,
      latency: { medianMs: latencyMs, p95Ms: latencyMs },
    });
    try {
      const headers = { authorization: `Bearer ${service.tokens.everything}` };
      const arms: Record<BareLoopArmName, (query: BenchQuery) => Promise<CallRecord>> = {
        "search-docs": (() => {
          const arm = createDocsSearchArm({ baseUrl: service.url, areas: service.areas, headers });
          return (query) => arm({ query: query.query });
        })(),
        "bare-loop": (query) =>
          bareLoopSearch(
            { baseUrl: service.url, areas: service.areas, headers },
            {
              query: query.query,
            },
          ),
      };
      // Warm-up: connections, JIT, lazy module state.
      for (const query of queries.slice(0, warmUpCalls)) {
        for (const name of bareLoopArmNames) await arms[name](query);
      }
      const timed: Record<BareLoopArmName, TimedCall[]> = { "search-docs": [], "bare-loop": [] };
      for (const [index, query] of queries.entries()) {
        for (let offset = 0; offset < bareLoopArmNames.length; offset++) {
          const name = bareLoopArmNames[
            (index + offset) % bareLoopArmNames.length
          ] as BareLoopArmName;
          const before = process.cpuUsage();
          const record = await arms[name](query);
          const used = process.cpuUsage(before);
          timed[name].push({ query, record, cpuMs: (used.user + used.system) / 1000 });
        }
      }
      const figures = {
        "search-docs": summarizeTimedCalls(timed["search-docs"], latencyMs),
        "bare-loop": summarizeTimedCalls(timed["bare-loop"], latencyMs),
      };
      const count = Object.values(service.areas).flat().length;
      const over = (ours: number, theirs: number) => (theirs > 0 ? ours / theirs : 0);
      rows.push({
        collections: count,
        calls: queries.length,
        arms: figures,
        ratio: {
          wallP50: over(figures["search-docs"].wallMs.p50, figures["bare-loop"].wallMs.p50),
          wallP95: over(figures["search-docs"].wallMs.p95, figures["bare-loop"].wallMs.p95),
          cpuP50: over(figures["search-docs"].cpuMs.p50, figures["bare-loop"].cpuMs.p50),
          cpuMean: over(figures["search-docs"].cpuMs.mean, figures["bare-loop"].cpuMs.mean),
        },
      });
      onProgress(`${count} collections done`);
    } finally {
      await service.close();
    }
  }
  return rows;
}

/** The rows as one markdown table, the ratios beside the figures they divide. */
export function renderBareLoopTable(rows: readonly BareLoopRow[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const times = (value: number) => `${value.toFixed(2)}×`;
  const lines = [
    "| collections | wall p50 search-docs / bare loop | ratio | wall p95 search-docs / bare loop | ratio | CPU / call (p50) search-docs / bare loop | ratio | search-docs wall / latency floor p50, p95 | bare loop wall / latency floor p50, p95 | requests / collection mean (p95) search-docs, bare loop | recall@8 search-docs, bare loop | MRR@8 search-docs, bare loop |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { collections, arms, ratio } of rows) {
    const ours = arms["search-docs"];
    const bare = arms["bare-loop"];
    lines.push(
      `| ${collections} | ${ms(ours.wallMs.p50)} / ${ms(bare.wallMs.p50)} | ${times(ratio.wallP50)} | ${ms(ours.wallMs.p95)} / ${ms(bare.wallMs.p95)} | ${times(ratio.wallP95)} | ${ms(ours.cpuMs.p50)} / ${ms(bare.cpuMs.p50)} | ${times(ratio.cpuP50)} | ${times(ours.overLatencyFloor.p50)}, ${times(ours.overLatencyFloor.p95)} | ${times(bare.overLatencyFloor.p50)}, ${times(bare.overLatencyFloor.p95)} | ${ours.requestsPerCollection.toFixed(2)} (${ours.requestsPerCollectionP95 ?? "–"}), ${bare.requestsPerCollection.toFixed(2)} (${bare.requestsPerCollectionP95 ?? "–"}) | ${ours.recallAt8.toFixed(3)}, ${bare.recallAt8.toFixed(3)} | ${ours.mrrAt8.toFixed(3)}, ${bare.mrrAt8.toFixed(3)} |`,
    );
  }
  return lines.join("\n");
}
