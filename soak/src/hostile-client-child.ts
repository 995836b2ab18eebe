// One case of hostile-figures.ts, in its own process so that its peak RSS is the client's alone:
// runs the calls it is told to against the hostile server and reports what each came to.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createDocsSearch, RetryBudget } from "@search-docs/core";
import { startLoopDelaySampler } from "./loop-delay-sampler.ts";

export interface HostileCase {
  url: string;
  /** A well-behaved server searched beside the hostile one, when given. */
  healthyUrl?: string;
  deadlineMs: number;
  calls: number;
  healthyCalls?: number;
  /** Full garbage collections this often while the calls run. */
  gcEveryMs?: number;
  headers?: Record<string, string>;
}

export interface HostileResult {
  settleMs: number[];
  statuses: string[];
  failures: string[];
  requestsPerCall: number[];
  pendingAt20s: number;
  baseRssBytes: number;
  peakRssBytes: number;
  loopDelayMaxMs: number;
}

process.once("message", async (hostile: HostileCase) => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  const baseRssBytes = process.memoryUsage.rss();
  const sampler = startLoopDelaySampler(5);
  const make = (url: string) =>
    createDocsSearch({
      baseUrl: url,
      areas: { runbooks: ["c1"] },
      limits: { deadlineMs: hostile.deadlineMs },
      retryBudget: new RetryBudget({ ratio: 1, floor: 1000, windowMs: 10_000 }),
    });
  const docs = make(hostile.url);
  const healthy = hostile.healthyUrl === undefined ? undefined : make(hostile.healthyUrl);
  const caller = { caller: hostile.headers ? { headers: hostile.headers } : { token: "figures" } };
  const collector = hostile.gcEveryMs ? setInterval(gc, hostile.gcEveryMs) : undefined;
  let settled = 0;
  const results = Array.from({ length: hostile.calls }, async () => {
    const begun = performance.now();
    const { output, trace } = await docs.search({ query: "rotate the key" }, caller);
    settled++;
    return {
      ms: performance.now() - begun,
      status: output.status,
      failures: trace.failures.map((failure) => failure.kind),
      requests: trace.requests.length,
    };
  });
  const beside = Array.from({ length: hostile.healthyCalls ?? 0 }, () =>
    healthy?.search({ query: "rotate the key" }, caller),
  );
  const pendingAt20s = new Promise<number>((resolve) =>
    setTimeout(() => resolve(hostile.calls - settled), 20_000).unref(),
  );
  const all = await Promise.race([
    Promise.all([...results, ...beside]).then(() => undefined),
    pendingAt20s,
  ]);
  clearInterval(collector);
  sampler.stop();
  const done = all === undefined ? await Promise.all(results) : [];
  const report: HostileResult = {
    settleMs: done.map((result) => result.ms),
    statuses: done.map((result) => result.status),
    failures: [...new Set(done.flatMap((result) => result.failures))],
    requestsPerCall: done.map((result) => result.requests),
    pendingAt20s: typeof all === "number" ? all : 0,
    baseRssBytes,
    peakRssBytes: sampler.peakRssBytes(),
    loopDelayMaxMs: sampler.maxDelayMs(),
  };
  process.send?.(report, () => process.exit(0));
});
process.send?.({ ready: true });
