// `pnpm --filter @search-docs/core bench:reindex-memory [--window-seconds 90] [--processes 4]
// [--interval-ms 1000] [--seed 1]`: how long N processes wait out 409s while one collection
// reindexes, each with its own reindex memory against one shared through Redis. A benchmark that
// reports figures, not a test. Needs redis-server (Debian's package) on PATH.
//
// One fake docs service (in this process) with the runbooks collection answering 409 for the whole
// window; N docs search processes (child processes, production retry policy: a 3 s 409 budget,
// 15 s memory) each search the runbooks at random (exponential) intervals. The 409 wait is the sum
// of every `waitMs` in every trace: time spent sleeping before a retry of a collection that was
// reindexing (nothing else is searched, and nothing else fails).

import { parseArgs } from "node:util";
import { startRedisServer } from "@search-docs/test-servers";
import { startDocsSearchProcess } from "../src/__fixtures__/start-docs-search-process.ts";
import { createSeededRandom } from "../src/testing/seeded-random.ts";
import { startFakeDocsService } from "../src/testing/start-fake-docs-service.ts";
import type { Trace } from "../src/trace/trace.ts";

const { values } = parseArgs({
  options: {
    "window-seconds": { type: "string", default: "90" },
    processes: { type: "string", default: "4" },
    "interval-ms": { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
  },
});
const windowMs = Number(values["window-seconds"]) * 1000;
const processCount = Number(values.processes);
const intervalMs = Number(values["interval-ms"]);
const seed = Number(values.seed);

interface ArmFigures {
  arm: string;
  calls: number;
  callsThatWaited: number;
  totalWaitMs: number;
  upstreamRequests: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

/** Each process's call times within the window: exponential gaps of mean `intervalMs`. */
function arrivals(): number[][] {
  // Seeded: both arms get the same arrivals.
  const random = createSeededRandom(seed);
  return Array.from({ length: processCount }, () => {
    const times: number[] = [];
    for (let at = -Math.log(1 - random()) * intervalMs; at < windowMs; ) {
      times.push(at);
      at += -Math.log(1 - random()) * intervalMs;
    }
    return times;
  });
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

async function runArm(
  reindexMemory: "memory" | "redis",
  schedule: number[][],
): Promise<ArmFigures> {
  const redis = await startRedisServer();
  const service = await startFakeDocsService();
  try {
    const runbooks = service.areas.runbooks?.[0] as string;
    service.setFault(runbooks, { kind: "reindex" });
    const processes = await Promise.all(
      schedule.map(() =>
        startDocsSearchProcess({
          baseUrl: service.url,
          areas: service.areas,
          redisUrl: redis.url,
          reindexMemory,
        }),
      ),
    );
    const traces: Trace[] = [];
    const started = performance.now();
    await Promise.all(
      processes.map(async (process, index) => {
        const calls: Promise<void>[] = [];
        for (const at of schedule[index] ?? []) {
          const delay = at - (performance.now() - started);
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          calls.push(
            process
              .search(
                { query: "rotate a service account key", area: "runbooks" },
                service.tokens.everything,
              )
              .then(({ trace }) => {
                traces.push(trace);
              }),
          );
        }
        await Promise.all(calls);
      }),
    );
    await Promise.all(processes.map((process) => process.close()));
    const waits = traces.map((trace) =>
      trace.requests.reduce((sum, request) => sum + request.waitMs, 0),
    );
    const latencies = traces.map((trace) => trace.durationMs).sort((left, right) => left - right);
    return {
      arm: reindexMemory === "redis" ? "shared (RedisReindexMemory)" : "own (MemoryReindexMemory)",
      calls: traces.length,
      callsThatWaited: waits.filter((wait) => wait > 0).length,
      totalWaitMs: Math.round(waits.reduce((sum, wait) => sum + wait, 0)),
      upstreamRequests: traces.reduce((sum, trace) => sum + trace.requests.length, 0),
      latencyP50Ms: Math.round(percentile(latencies, 0.5)),
      latencyP95Ms: Math.round(percentile(latencies, 0.95)),
    };
  } finally {
    await service.close();
    await redis.stop();
  }
}

const schedule = arrivals();
console.info(
  `${processCount} processes, one collection reindexing for a ${windowMs / 1000} s window, a search every ${intervalMs} ms per process on average (seed ${seed}, ${schedule.flat().length} calls per arm)`,
);
const figures: ArmFigures[] = [];
for (const arm of ["memory", "redis"] as const) figures.push(await runArm(arm, schedule));
console.table(
  figures.map((row) => ({
    arm: row.arm,
    calls: row.calls,
    "calls that waited": row.callsThatWaited,
    "total 409 wait (s)": (row.totalWaitMs / 1000).toFixed(1),
    "upstream requests": row.upstreamRequests,
    "latency p50 (ms)": row.latencyP50Ms,
    "latency p95 (ms)": row.latencyP95Ms,
  })),
);
console.info(JSON.stringify({ windowMs, processCount, intervalMs, seed, figures }));
