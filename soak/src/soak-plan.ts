import type { Limits, RetryPolicy } from "@search-docs/core";

/**
 * Everything a soak run does, as data. Time is scaled: the fault schedule and the retry budget's
 * window run on simulated seconds (`msPerSimulatedSecond` real milliseconds each: 50, so a 90 s
 * reindex window lasts 4.5 s and a 60 s outage 3 s). The client's own limits are real
 * milliseconds, chosen small (a 1 s deadline, a 300 ms 409 budget) so that 10,000 calls fit a
 * minute; the backend answers in 100 ms at the median, 300 ms at p95.
 */
export interface SoakPlan {
  name: string;
  calls: number;
  concurrency: number;
  seed: number;
  msPerSimulatedSecond: number;
  collectionsPerArea: number;
  /** The backend's answer time (lognormal): a backend answering at zero latency measures CPU. */
  latency: { medianMs: number; p95Ms: number };
  limits: Partial<Limits> & { deadlineMs: number };
  retry: Partial<RetryPolicy>;
  faults: FaultMix;
  /** Calls between heap samples (each taken after draining in-flight calls and a full GC). */
  heapSampleEvery: number;
  outage: { simulatedSeconds: number };
}

/** Per-request probabilities of each fault outside reindex windows, and the reindex cadence. */
export interface FaultMix {
  shed: number;
  /** Share of 429s whose Retry-After (1 s) cannot fit the deadline: they must give up at once. */
  shedLongRetryAfter: number;
  serverError: number;
  malformed: number;
  reset: number;
  slow: number;
  /** Longer than the deadline. */
  slowMs: number;
  /** After the headers: the body a byte per 100 ms (cut by the deadline). */
  stall: number;
  /** After the headers: a body that never ends. */
  endless: number;
  /** A valid page padded past the client's `responseBytes`, said up front. */
  oversized: number;
  /** A small gzip body inflating to 64 MiB of a valid page. */
  gzipBomb: number;
  /** A 302 to another origin (the fake service's `elsewhereUrl`). */
  redirect: number;
  /** A 307 to the request's own URL. */
  redirectLoop: number;
  /** The headers and half the body, then a reset. */
  resetMidBody: number;
  reindexSimulatedSeconds: number;
  /** Mean simulated seconds between two reindex windows of one collection. */
  reindexEverySimulatedSeconds: number;
}

const clientLimits = {
  // 1 MiB per body: a page of 20 results is tens of KiB, and 50 calls at once stay bounded.
  limits: { deadlineMs: 1000, conflictWaitMs: 300, responseBytes: 1024 * 1024 },
  retry: {
    baseDelayMs: 20,
    maxDelayMs: 160,
    conflictBaseDelayMs: 40,
    attemptTimeoutMs: 500,
    reindexMemoryMs: 750,
  },
} as const;

const faults: FaultMix = {
  shed: 0.1,
  shedLongRetryAfter: 0.2,
  serverError: 0.02,
  malformed: 0.01,
  reset: 0.01,
  slow: 0.01,
  slowMs: 1500,
  stall: 0.004,
  endless: 0.004,
  oversized: 0.004,
  gzipBomb: 0.004,
  redirect: 0.004,
  redirectLoop: 0.002,
  resetMidBody: 0.006,
  reindexSimulatedSeconds: 90,
  reindexEverySimulatedSeconds: 900,
};

export const fullSoakPlan: SoakPlan = {
  name: "pnpm soak",
  calls: 10_000,
  concurrency: 50,
  seed: 5,
  msPerSimulatedSecond: 50,
  collectionsPerArea: 2,
  latency: { medianMs: 100, p95Ms: 300 },
  ...clientLimits,
  faults,
  heapSampleEvery: 1000,
  outage: { simulatedSeconds: 60 },
};

/** The CI copy: the same schedule and invariants over a tenth of the calls. */
export const ciSoakPlan: SoakPlan = {
  ...fullSoakPlan,
  name: "soak (CI copy)",
  calls: 1000,
  seed: 6,
  heapSampleEvery: 250,
  // Reindex windows come around five times as often, so the shorter run still meets several.
  faults: { ...faults, reindexEverySimulatedSeconds: 180 },
};
