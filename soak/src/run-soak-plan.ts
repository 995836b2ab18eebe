import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import {
  createDocsSearch,
  type DocsSearch,
  defaultLimits,
  defaultRetryBudgetOptions,
  MemoryRefStore,
  RetryBudget,
} from "@search-docs/core";
import type { RecordedRequest } from "@search-docs/core/testing";
import { createSeededRandom, percentile } from "@search-docs/measure";
import { heapAfterGc } from "./heap-sampler.ts";
import { type CallRecord, judgeCall } from "./judge-call.ts";
import { startLoopDelaySampler } from "./loop-delay-sampler.ts";
import { type ServiceProcess, startServiceProcess } from "./service-process.ts";
import { accessList, makeCallers, readableCollections, type SoakCaller } from "./soak-callers.ts";
import type { SoakPlan } from "./soak-plan.ts";
import type { SoakReport } from "./soak-report.ts";
import { createWireTap } from "./wire-tap.ts";

const queriesFile = new URL("../../bench/tasks/queries.jsonl", import.meta.url);

/** Runs one soak plan end to end against a fresh fake docs service and reports the figures. */
export async function runSoakPlan(plan: SoakPlan): Promise<SoakReport> {
  const random = createSeededRandom(plan.seed);
  const callers = makeCallers(plan.calls, random, "m");
  const service = await startServiceProcess({
    collectionsPerArea: plan.collectionsPerArea,
    acl: accessList(callers),
    seed: plan.seed,
    latency: plan.latency,
    mix: plan.faults,
    msPerSimulatedSecond: plan.msPerSimulatedSecond,
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason);
  };
  process.on("unhandledRejection", onUnhandled);
  process.on("uncaughtException", onUnhandled);
  try {
    const main = await runMainPhase(plan, service, callers, random);
    const outage = await runOutagePhase(plan, service, callers);
    return { plan, ...main, outage, unhandledRejections: unhandled.length };
  } finally {
    process.off("unhandledRejection", onUnhandled);
    process.off("uncaughtException", onUnhandled);
    await service.close();
  }
}

/** Simulated milliseconds: the retry budget's window runs on the schedule's time scale. */
function simulatedClock(plan: SoakPlan) {
  const scale = 1000 / plan.msPerSimulatedSecond;
  return { now: () => performance.now() * scale };
}

function loadQueries(): string[] {
  return readFileSync(queriesFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { query: string }).query);
}

async function runMainPhase(
  plan: SoakPlan,
  service: ServiceProcess,
  callers: readonly SoakCaller[],
  random: () => number,
) {
  const areaNames = Object.keys(service.areas);
  const collectionIds = Object.values(service.areas).flat();
  const queries = loadQueries();
  const tap = createWireTap(globalThis.fetch.bind(globalThis), {
    maxBytes: plan.limits.responseBytes ?? defaultLimits.responseBytes,
    pageItems: plan.limits.pageItems ?? defaultLimits.pageItems,
  });
  const refStore = new MemoryRefStore();
  const retryBudget = new RetryBudget({
    ...defaultRetryBudgetOptions,
    clock: simulatedClock(plan),
  });
  const docs = createDocsSearch({
    baseUrl: service.url,
    areas: service.areas,
    fetch: tap.fetch,
    refStore,
    retry: plan.retry,
    limits: plan.limits,
    retryBudget,
  });
  const totals = {
    calls: { search: 0, document: 0, abortedByCaller: 0 },
    statuses: {} as Record<string, number>,
    falseNoMatches: 0,
    falseOk: 0,
    falseNotFound: 0,
    conservativeUnavailable: 0,
    foreignDocuments: 0,
    credentialLeaks: 0,
    retried403s: 0,
    upstream: {
      tapped: 0,
      served: 0,
      byStatus: {} as Record<string, number>,
      byFault: {} as Record<string, number>,
      malformed: 0,
      elsewhere: 0,
    },
    attempts: { first: 0, retries: 0 },
    noMatchesUnderFaults: 0,
  };
  const latencies: number[] = [];
  const netLatencies: number[] = [];
  const heapSamples: { afterCalls: number; bytes: number }[] = [];
  const issued: string[] = [];
  const started = performance.now();

  const runCall = async (index: number): Promise<CallRecord> => {
    const caller = callers[index] as SoakCaller;
    const readable = readableCollections(caller.role, service.areas);
    const options = { caller: { token: caller.token } };
    const draw = random();
    const callStarted = performance.now();
    if (draw < 0.12 && issued.length > 0) {
      // A ref anyone was given, read by this caller: it must grant nothing.
      const ref = issued[Math.floor(random() * issued.length)] as string;
      const target = await refStore.get(ref);
      const record: CallRecord = {
        index,
        tool: "get_document",
        token: caller.token,
        scope: target ? [target.collectionId] : [],
        readable,
        targets: [target],
        startedAt: callStarted,
        durationMs: 0,
        abortedByCaller: false,
      };
      try {
        const { output, trace } = await docs.getDocument({ ref }, options);
        Object.assign(record, { output, trace });
      } catch (error) {
        record.error = error;
      }
      record.durationMs = performance.now() - callStarted;
      return record;
    }
    const query =
      random() < 0.1
        ? `zeppelin xylophone ${index}`
        : (queries[Math.floor(random() * queries.length)] as string);
    const area = random() < 0.5 ? areaNames[Math.floor(random() * areaNames.length)] : undefined;
    const scope = area === undefined ? collectionIds : (service.areas[area] ?? []);
    const controller = draw < 0.15 ? new AbortController() : undefined;
    const abortTimer =
      controller && setTimeout(() => controller.abort(), random() * (plan.limits.deadlineMs ?? 0));
    const record: CallRecord = {
      index,
      tool: "search_docs",
      token: caller.token,
      scope,
      readable,
      targets: [],
      startedAt: callStarted,
      durationMs: 0,
      abortedByCaller: false,
    };
    try {
      const { output, trace } = await docs.search(
        area === undefined ? { query } : { query, area },
        {
          ...options,
          signal: controller?.signal,
        },
      );
      Object.assign(record, { output, trace });
      record.targets = await Promise.all(output.results.map((result) => refStore.get(result.ref)));
      for (const result of output.results) issued.push(result.ref);
      if (issued.length > 500) issued.splice(0, issued.length - 500);
    } catch (error) {
      record.error = error;
      record.abortedByCaller = controller?.signal.aborted === true && isAbortError(error);
    } finally {
      clearTimeout(abortTimer);
    }
    record.durationMs = performance.now() - callStarted;
    return record;
  };

  const batchMaxLatency: number[] = [];
  let coldStartMax = 0;
  const sampler = startLoopDelaySampler();
  const judgeBatch = (records: readonly CallRecord[], served: readonly RecordedRequest[]) => {
    batchMaxLatency.push(Math.max(...records.map((record) => record.durationMs)));
    for (const record of records) {
      // The first call of each worker meets a cold process (JIT, first connections): reported
      // apart, and judged like every other call on everything but latency.
      if (record.index < plan.concurrency) coldStartMax = Math.max(coldStartMax, record.durationMs);
      else {
        latencies.push(record.durationMs);
        // Past its deadline, a call waits on nothing but timers and continuations: whatever the
        // event loop was held up by from then on (a loaded machine, a GC) delayed it that much.
        const deadlineAt = record.startedAt + plan.limits.deadlineMs;
        netLatencies.push(
          record.durationMs - sampler.delayWithin(deadlineAt, record.startedAt + record.durationMs),
        );
      }
      if (record.tool === "search_docs") totals.calls.search++;
      else totals.calls.document++;
      if (record.abortedByCaller) totals.calls.abortedByCaller++;
      const status = record.output?.status ?? (record.abortedByCaller ? "aborted" : "rejected");
      totals.statuses[`${record.tool}:${status}`] =
        (totals.statuses[`${record.tool}:${status}`] ?? 0) + 1;
      const responses = tap.responsesOf(record.token);
      const verdict = judgeCall(record, responses);
      totals.falseNoMatches += Number(verdict.falseNoMatches);
      totals.falseOk += Number(verdict.falseOk);
      totals.falseNotFound += Number(verdict.falseNotFound);
      totals.conservativeUnavailable += Number(verdict.conservativeUnavailable);
      totals.foreignDocuments += verdict.foreignDocuments;
      totals.credentialLeaks += verdict.credentialLeaks;
      if (
        status === "no_matches" &&
        responses.some(
          (response) =>
            response.status !== 200 && response.status !== 404 && response.status !== 403,
        )
      ) {
        totals.noMatchesUnderFaults++;
      }
      // A 403 the client received is never followed by another request for that collection.
      responses.forEach((response, index) => {
        if (response.status !== 403) return;
        const again = responses
          .slice(index + 1)
          .some(
            (later) => later.collectionId === response.collectionId && later.kind === response.kind,
          );
        if (again) totals.retried403s++;
      });
      totals.upstream.tapped += responses.length;
      totals.upstream.malformed += responses.filter(
        (response) => response.wellFormed === false,
      ).length;
      for (const request of record.trace?.requests ?? []) {
        if (request.attempt === 1) totals.attempts.first++;
        else totals.attempts.retries++;
      }
    }
    // The service's own log: every request that reached it, and how it was answered.
    for (const request of served) {
      totals.upstream.served++;
      const status = request.status === 0 ? "reset or abandoned" : String(request.status);
      totals.upstream.byStatus[status] = (totals.upstream.byStatus[status] ?? 0) + 1;
      if (request.fault !== undefined) {
        totals.upstream.byFault[request.fault] = (totals.upstream.byFault[request.fault] ?? 0) + 1;
      }
      // A request at the other origin a redirect pointed to: the client followed it.
      if (request.elsewhere) totals.upstream.elsewhere++;
    }
  };

  const cpuStarted = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  await service.startSchedule();
  // A first sample before the calls: the baseline the growth is measured from.
  heapSamples.push({ afterCalls: 0, bytes: heapAfterGc() });
  for (let batchStart = 0; batchStart < plan.calls; batchStart += plan.heapSampleEvery) {
    const batchEnd = Math.min(plan.calls, batchStart + plan.heapSampleEvery);
    const records = await runConcurrently(batchStart, batchEnd, plan.concurrency, runCall);
    // The tap reads each body beside the client: its verdicts are in once every copy is read.
    await tap.settled();
    judgeBatch(records, await service.takeRequests());
    tap.clear();
    heapSamples.push({ afterCalls: batchEnd, bytes: heapAfterGc() });
  }
  const elapsedMs = performance.now() - started;
  loopDelay.disable();
  sampler.stop();
  const cpu = process.cpuUsage(cpuStarted);
  const reindexWindows = await service.stopSchedule();

  latencies.sort((left, right) => left - right);
  netLatencies.sort((left, right) => left - right);
  return {
    elapsedMs,
    ...totals,
    reindexWindows,
    clientCpuShare: (cpu.user + cpu.system) / 1000 / elapsedMs,
    eventLoopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    latency: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
      netMax: netLatencies.at(-1) ?? 0,
      maxByBatch: batchMaxLatency,
      coldStartMax,
    },
    heapSamples,
    peakRssBytes: sampler.peakRssBytes(),
    peakArrayBufferBytes: sampler.peakArrayBufferBytes(),
  };
}

/** A total 429 outage of `plan.outage.simulatedSeconds`: the retry budget must hold retries down. */
async function runOutagePhase(
  plan: SoakPlan,
  service: ServiceProcess,
  callers: readonly SoakCaller[],
) {
  const clock = simulatedClock(plan);
  const docs: DocsSearch = createDocsSearch({
    baseUrl: service.url,
    areas: service.areas,
    retry: plan.retry,
    limits: plan.limits,
    retryBudget: new RetryBudget({ ...defaultRetryBudgetOptions, clock }),
  });
  await service.takeRequests();
  await service.totalOutage();
  const endsAt = clock.now() + plan.outage.simulatedSeconds * 1000;
  let calls = 0;
  let first = 0;
  let retries = 0;
  let falseNoMatches = 0;
  let nextCaller = 0;
  const worker = async () => {
    while (clock.now() < endsAt) {
      const caller = callers[nextCaller++ % callers.length] as SoakCaller;
      const { output, trace } = await docs.search(
        { query: "rotate a service account key" },
        { caller: { token: caller.token } },
      );
      calls++;
      for (const request of trace.requests) {
        if (request.attempt === 1) first++;
        else retries++;
      }
      // Nothing can answer: no_matches is right only for a caller who may read nothing.
      if (
        output.status === "no_matches" &&
        readableCollections(caller.role, service.areas).size > 0
      ) {
        falseNoMatches++;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  await service.stopSchedule();
  const served = (await service.takeRequests()).length;
  return {
    simulatedSeconds: plan.outage.simulatedSeconds,
    calls,
    firstAttempts: first,
    retries,
    served,
    ratio: first === 0 ? 0 : retries / first,
    falseNoMatches,
  };
}

async function runConcurrently<Result>(
  from: number,
  to: number,
  concurrency: number,
  task: (index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  let next = from;
  const worker = async () => {
    while (next < to) results.push(await task(next++));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
