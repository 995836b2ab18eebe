import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { ArmCall } from "./docs-search-arm.ts";
import type { BenchQuery } from "./load-queries.ts";

export interface HeapCheck {
  calls: number;
  /** Heap used after a full garbage collection, every `calls / 10` calls, in MiB. */
  samples: Array<{ calls: number; heapUsedMiB: number }>;
  /** Whether a full collection could be forced; without it the samples are noisier. */
  forcedGc: boolean;
  /** Heap growth over the second half of the run, in MiB: near 0 when memory is bounded. */
  secondHalfGrowthMiB: number;
}

/** A full garbage collection, when V8 lets this process ask for one. */
function gcFunction(): (() => void) | undefined {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
}

/**
 * Runs `calls` calls through one client (queries in a loop) and samples the heap after a full
 * collection ten times on the way. Whatever a call leaves behind (refs, traces, timers, signal
 * listeners) shows as growth in the second half, once caches have filled.
 */
export async function runHeapCheck({
  call,
  queries,
  calls,
  concurrency,
}: {
  call: ArmCall;
  queries: readonly BenchQuery[];
  calls: number;
  concurrency: number;
}): Promise<HeapCheck> {
  const gc = gcFunction();
  const sample = (done: number) => {
    gc?.();
    return { calls: done, heapUsedMiB: round(process.memoryUsage().heapUsed / 2 ** 20) };
  };
  const samples = [sample(0)];
  const step = Math.max(1, Math.ceil(calls / 10));
  let started = 0;
  let done = 0;
  while (done < calls) {
    const target = Math.min(calls, done + step);
    const workers = Array.from({ length: Math.min(concurrency, target - done) }, async () => {
      while (started < target) {
        const query = queries[started++ % queries.length] as BenchQuery;
        await call({ query: query.query, area: query.area });
        done += 1;
      }
    });
    await Promise.all(workers);
    samples.push(sample(done));
  }
  const middle = samples[Math.floor(samples.length / 2)] ?? samples[0];
  const last = samples[samples.length - 1] ?? samples[0];
  return {
    calls,
    samples,
    forcedGc: gc !== undefined,
    secondHalfGrowthMiB: round((last?.heapUsedMiB ?? 0) - (middle?.heapUsedMiB ?? 0)),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
