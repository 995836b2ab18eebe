import { defaultRetryBudgetOptions } from "@search-docs/core";
import { bodyFaultKinds } from "@search-docs/core/testing";
import type { SoakPlan } from "./soak-plan.ts";

export interface SoakReport {
  plan: SoakPlan;
  elapsedMs: number;
  calls: { search: number; document: number; abortedByCaller: number };
  /** By `tool:status`. */
  statuses: Record<string, number>;
  falseNoMatches: number;
  falseOk: number;
  falseNotFound: number;
  conservativeUnavailable: number;
  foreignDocuments: number;
  credentialLeaks: number;
  retried403s: number;
  unhandledRejections: number;
  upstream: {
    tapped: number;
    served: number;
    byStatus: Record<string, number>;
    /** Requests by the fault that fired on them, as the service recorded it. */
    byFault: Record<string, number>;
    /** 200s whose body was not a well-formed page, or never came whole (the tap's reading). */
    malformed: number;
    /** Requests that reached the other origin a redirect pointed to: followed redirects. */
    elsewhere: number;
  };
  attempts: { first: number; retries: number };
  /** no_matches answers given while some request of the call met a fault: absorbed, correctly. */
  noMatchesUnderFaults: number;
  reindexWindows: number;
  /** Client CPU time over wall time (1 = one core busy the whole run). */
  clientCpuShare: number;
  /** The client process's event-loop delay (ms): what late timers add to any deadline. */
  eventLoopDelay: { p99: number; max: number };
  /**
   * Milliseconds, over every call but the cold start (each worker's first call, whose worst is
   * `coldStartMax`); `maxByBatch` is the worst call of each batch, cold start included. `netMax`
   * is the worst call less the event loop's own delay after its deadline was due.
   */
  latency: {
    p50: number;
    p99: number;
    max: number;
    netMax: number;
    maxByBatch: number[];
    coldStartMax: number;
  };
  heapSamples: { afterCalls: number; bytes: number }[];
  /** The client process's largest resident set size during the main phase. */
  peakRssBytes: number;
  /** The most the client process held in ArrayBuffers (bodies, Buffers) at once. */
  peakArrayBufferBytes: number;
  outage: {
    simulatedSeconds: number;
    calls: number;
    firstAttempts: number;
    retries: number;
    served: number;
    ratio: number;
    falseNoMatches: number;
  };
}

export interface Invariant {
  name: string;
  measured: string;
  limit: string;
  holds: boolean;
}

/** Heap growth allowed over the second half of the run: a leak of 1 KB a call shows past it. */
export const heapGrowthLimitBytes = 4 * 1024 * 1024;
/** What the deadline may be overrun by, net of the event loop's delay: settling, not waiting. */
export const deadlineSlackMs = 50;
/**
 * Memory the client process may hold in ArrayBuffers at once: the response bodies in flight,
 * each bounded by `limits.responseBytes`. Measured 28 MB in the CI copy on a loaded machine; a
 * client reading a gzip bomb whole holds its 64 MiB at once. Resident memory, which also carries
 * the heap, the test runner and the allocator's slack, is bounded far more loosely: it reached
 * 293 MB in the CI copy, 417 MB in the full run, 554 MB with bodies read whole after the attempt.
 */
export const peakArrayBufferLimitBytes = 128 * 2 ** 20;
export const peakRssLimitBytes = 768 * 2 ** 20;

/**
 * Heap growth over the second half of the run, after GC. The first half warms caches, pools and
 * JIT code (the heap settles at a level that varies from run to run); a leak keeps growing.
 */
export function heapGrowth(report: SoakReport): number {
  const samples = report.heapSamples;
  const middle = samples.find((sample) => sample.afterCalls >= report.plan.calls / 2);
  const last = samples.at(-1);
  return middle && last ? last.bytes - middle.bytes : 0;
}

/**
 * The retry budget's promise in an outage: 20% of first attempts, plus its floor (50 retries per
 * 10 s window, for a quiet process) once, at the start, before traffic outgrows it. The budget
 * spends its 20% in full, so the measured ratio sits at 0.200; the floor is the only excess.
 */
export function outageRetryLimit(report: SoakReport): number {
  const { ratio, floor } = defaultRetryBudgetOptions;
  return ratio + floor / Math.max(1, report.outage.firstAttempts);
}

export function invariants(report: SoakReport): Invariant[] {
  const deadline = report.plan.limits.deadlineMs;
  const zero = (name: string, value: number): Invariant => ({
    name,
    measured: String(value),
    limit: "0",
    holds: value === 0,
  });
  return [
    zero("false no_matches (a collection in scope failed)", report.falseNoMatches),
    zero("false no_matches during the 429 outage", report.outage.falseNoMatches),
    zero("false ok (a collection in scope failed)", report.falseOk),
    zero("false not_found from get_document", report.falseNotFound),
    zero("foreign documents in answers", report.foreignDocuments),
    zero("credentials in outputs, traces, errors", report.credentialLeaks),
    zero("unhandled rejections", report.unhandledRejections),
    zero("retried 403s", report.retried403s),
    zero("requests that followed a redirect to another origin", report.upstream.elsewhere),
    {
      // A loaded machine delays every timer, the deadline's included: judged net of the event
      // loop's own delay after each call's deadline was due (the gross worst is in the table).
      name: "worst-case latency net of event-loop delay, past the cold start (ms)",
      measured: report.latency.netMax.toFixed(1),
      limit: `<= ${deadline + deadlineSlackMs}`,
      holds: report.latency.netMax <= deadline + deadlineSlackMs,
    },
    {
      name: "peak memory in ArrayBuffers (bodies in flight) (MB)",
      measured: (report.peakArrayBufferBytes / 2 ** 20).toFixed(0),
      limit: `<= ${peakArrayBufferLimitBytes / 2 ** 20}`,
      holds: report.peakArrayBufferBytes <= peakArrayBufferLimitBytes,
    },
    {
      name: "peak RSS of the client process (MB)",
      measured: (report.peakRssBytes / 2 ** 20).toFixed(0),
      limit: `<= ${peakRssLimitBytes / 2 ** 20}`,
      holds: report.peakRssBytes <= peakRssLimitBytes,
    },
    {
      name: `retries / first attempts, ${report.outage.simulatedSeconds} s total 429 outage`,
      measured: report.outage.ratio.toFixed(4),
      limit: `<= ${outageRetryLimit(report).toFixed(4)}`,
      holds: report.outage.firstAttempts > 0 && report.outage.ratio <= outageRetryLimit(report),
    },
    {
      name: "heap growth after GC, second half of the run (MB)",
      measured: (heapGrowth(report) / 2 ** 20).toFixed(2),
      limit: `<= ${heapGrowthLimitBytes / 2 ** 20}`,
      holds: heapGrowth(report) <= heapGrowthLimitBytes,
    },
  ];
}

const percent = (part: number, whole: number) =>
  whole === 0 ? "0" : `${((100 * part) / whole).toFixed(2)}%`;

/** The table `pnpm soak` prints. */
export function formatSoakTable(report: SoakReport): string {
  const { plan, upstream } = report;
  const served = upstream.served;
  const byStatus = (predicate: (status: string) => boolean) =>
    Object.entries(upstream.byStatus)
      .filter(([status]) => predicate(status))
      .reduce((sum, [, count]) => sum + count, 0);
  const statuses = Object.entries(report.statuses)
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const lines = [
    `${plan.name}: ${plan.calls.toLocaleString("en")} calls at concurrency ${plan.concurrency}, ` +
      `deadline ${plan.limits.deadlineMs} ms; 1 simulated second = ${plan.msPerSimulatedSecond} ms; ` +
      `${(report.elapsedMs / 1000).toFixed(1)} s`,
    "",
    `calls: search ${report.calls.search}, get_document ${report.calls.document}, aborted by the caller ${report.calls.abortedByCaller}`,
    `answers: ${statuses}`,
    `upstream requests: ${upstream.tapped} sent, ${served} reached the service; ` +
      `429 ${percent(
        byStatus((status) => status === "429"),
        served,
      )}, ` +
      `5xx ${percent(
        byStatus((status) => status.startsWith("5")),
        served,
      )}, ` +
      `200 with a bad or cut body ${percent(upstream.malformed, served)}, ` +
      `reset or abandoned ${percent(
        byStatus((status) => status === "reset or abandoned"),
        served,
      )}, ` +
      `409 ${percent(
        byStatus((status) => status === "409"),
        served,
      )}, ` +
      `403 ${percent(
        byStatus((status) => status === "403"),
        served,
      )}`,
    `faults after the headers: ${bodyFaultKinds
      .map((kind) => `${kind} ${upstream.byFault[kind] ?? 0}`)
      .join(", ")}; requests at the redirect's other origin: ${upstream.elsewhere}`,
    `reindex windows: ${report.reindexWindows} (90 simulated s each); retries / first attempts overall: ` +
      `${report.attempts.retries} / ${report.attempts.first} = ${(report.attempts.retries / Math.max(1, report.attempts.first)).toFixed(3)}`,
    `no_matches with a fault absorbed on the way: ${report.noMatchesUnderFaults}; ` +
      `unavailable although every collection answered (deadline between pages): ${report.conservativeUnavailable}`,
    `latency: p50 ${report.latency.p50.toFixed(1)} ms, p99 ${report.latency.p99.toFixed(1)} ms, max ${report.latency.max.toFixed(1)} ms ` +
      `(net of event-loop delay ${report.latency.netMax.toFixed(1)} ms); ` +
      `client CPU ${(100 * report.clientCpuShare).toFixed(0)}% of a core, event-loop delay p99 ${report.eventLoopDelay.p99.toFixed(1)} ms, max ${report.eventLoopDelay.max.toFixed(1)} ms`,
    `worst call by batch (ms): ${report.latency.maxByBatch.map((value) => value.toFixed(0)).join(", ")}; ` +
      `cold start (each worker's first call): ${report.latency.coldStartMax.toFixed(0)} ms`,
    `429 outage (${report.outage.simulatedSeconds} simulated s): ${report.outage.calls} calls, ` +
      `${report.outage.firstAttempts} first attempts, ${report.outage.retries} retries, ${report.outage.served} requests served`,
    `heap after GC (MB), by calls done: ${report.heapSamples.map((sample) => `${sample.afterCalls}: ${mb(sample.bytes)}`).join(", ")}; ` +
      `peak RSS ${mb(report.peakRssBytes)} MB, peak in ArrayBuffers ${mb(report.peakArrayBufferBytes)} MB`,
    "",
  ];
  const rows = invariants(report);
  const width = Math.max(...rows.map((row) => row.name.length));
  lines.push(
    `${"invariant".padEnd(width)}  ${"measured".padStart(10)}  ${"limit".padStart(8)}  result`,
  );
  for (const row of rows) {
    lines.push(
      `${row.name.padEnd(width)}  ${row.measured.padStart(10)}  ${row.limit.padStart(8)}  ${row.holds ? "ok" : "FAILED"}`,
    );
  }
  return lines.join("\n");
}
