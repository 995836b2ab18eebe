// `pnpm --filter @search-docs/core bench:elasticsearch [--rounds 5] [--soak-calls 300] [--seed 1]`:
// the Elasticsearch backend's cost and truthfulness, against the local fake engine. A benchmark
// that reports figures, not a test.
//
// 1. Overhead: for each query of bench/tasks/queries.jsonl, one call through
//    createDocsSearch({ backend: elasticsearchBackend(...) }) and, side by side in the same run,
//    a hand-written `fetch` of exactly the requests that call made (same paths, same bodies,
//    each collection's pages in order, collections concurrently), reading each body as JSON.
//    Order alternates per query; the figure is the median wall time per call of each, and
//    their ratio. Both talk to one server in this process, on a keep-alive connection.
// 2. Soak: calls under a seeded fault mix of the status table's rows (each in-scope index gets a
//    fault with probability 1/2, held for the whole call so retries meet it too). Counted: false
//    no_matches (status no_matches while a faulted index was in scope, or while the unfaulted
//    answer had results) and partial answers reported complete (status ok while a faulted index
//    in scope answered only partially: _shards.failed, timed_out).

import { parseArgs } from "node:util";
import {
  type FakeElasticsearchFault,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import type { Caller } from "../src/contract/caller.ts";
import { createDocsSearch } from "../src/create-docs-search.ts";
import { elasticsearchBackend } from "../src/elasticsearch/elasticsearch-backend.ts";
import { createSeededRandom } from "../src/testing/seeded-random.ts";
import { testAttempt } from "../src/testing/test-attempt.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    "soak-calls": { type: "string", default: "300" },
    seed: { type: "string", default: "1" },
    flavor: { type: "string", default: "elasticsearch" },
    "latency-ms": { type: "string", default: "0,10" },
  },
});
const rounds = Number(values.rounds);
const soakCalls = Number(values["soak-calls"]);
const seed = Number(values.seed);
const flavor = values.flavor === "opensearch" ? "opensearch" : "elasticsearch";
// Added to every search answer: 0 is the fake's own service time only (a few ms of BM25); a
// real cluster over a network answers in 5-50 ms, where core's fixed cost per call weighs less.
const latencies = String(values["latency-ms"]).split(",").map(Number);

const queriesFile = new URL("../../../bench/tasks/queries.jsonl", import.meta.url);
const { readFileSync } = await import("node:fs");
const queries = readFileSync(queriesFile, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { id: string; query: string; area?: string });

const indices = sampleElasticsearchIndices();
const areas: Record<string, string[]> = {};
for (const name of Object.keys(indices)) areas[name.replace(/^docs-/, "")] = [name];
const fake = await startFakeElasticsearch({
  flavor,
  indices,
  users: { "ApiKey bench-reader": { name: "bench-reader", read: ["docs-*"] } },
});
const caller: Caller = { headers: { authorization: "ApiKey bench-reader" } };
const docs = createDocsSearch({
  backend: elasticsearchBackend({ url: fake.url, flavor }),
  areas,
});

type Input = { query: string; area?: string };
const inputOf = (query: { query: string; area?: string }): Input =>
  query.area !== undefined && query.area in areas
    ? { query: query.query, area: query.area }
    : { query: query.query };

/** The hand-written arm: the recorded requests again, pages of one index in order, indices at once. */
async function handWritten(
  requests: ReadonlyArray<{ path: string; query: string; body: string }>,
): Promise<number> {
  const byIndex = new Map<string, Array<{ path: string; query: string; body: string }>>();
  for (const request of requests) {
    const list = byIndex.get(request.path) ?? [];
    list.push(request);
    byIndex.set(request.path, list);
  }
  let hits = 0;
  await Promise.all(
    [...byIndex.values()].map(async (pages) => {
      for (const page of pages) {
        const response = await fetch(`${fake.url}${page.path}?${page.query}`, {
          method: "POST",
          headers: {
            authorization: "ApiKey bench-reader",
            "content-type": "application/json",
            accept: "application/json",
          },
          body: page.body,
          redirect: "manual",
        });
        const json = (await response.json()) as { hits?: { hits?: unknown[] } };
        hits += json.hits?.hits?.length ?? 0;
      }
    }),
  );
  return hits;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

// 0. The backend alone: page one of each in-scope index through backend.searchPage (the shared
// sender, zod, the table) against the same request by hand, interleaved.
const backend = elasticsearchBackend({ url: fake.url, flavor });
const backendTimes: number[] = [];
const backendHandTimes: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  for (const [position, query] of queries.entries()) {
    const scope =
      query.area !== undefined && query.area in areas
        ? (areas[query.area] ?? [])
        : Object.values(areas).flat();
    for (const collectionId of scope) {
      const viaBackend = async () => {
        const started = performance.now();
        await backend.searchPage(
          { collectionId, query: query.query, pageSize: 20, continuation: undefined },
          testAttempt({ caller }),
        );
        backendTimes.push(performance.now() - started);
      };
      if ((position + round) % 2 === 0) await viaBackend();
      fake.requests.length = 0;
      await backend.searchPage(
        { collectionId, query: query.query, pageSize: 20, continuation: undefined },
        testAttempt({ caller }),
      );
      const recorded = fake.requests.map(({ path, query: search, body }) => ({
        path,
        query: search,
        body,
      }));
      const started = performance.now();
      await handWritten(recorded);
      backendHandTimes.push(performance.now() - started);
      if ((position + round) % 2 !== 0) await viaBackend();
    }
  }
}
process.stdout.write(
  `\n## The backend alone (${flavor}, ${backendTimes.length} page-one requests)\n\n` +
    "| arm | median ms per request | p90 ms |\n| --- | ---: | ---: |\n" +
    `| elasticsearchBackend.searchPage | ${median(backendTimes).toFixed(3)} | ${percentile(backendTimes, 0.9).toFixed(3)} |\n` +
    `| hand-written fetch, same request | ${median(backendHandTimes).toFixed(3)} | ${percentile(backendHandTimes, 0.9).toFixed(3)} |\n` +
    `| ratio | ${(median(backendTimes) / median(backendHandTimes)).toFixed(3)} | |\n`,
);

// 0b. The backend's own CPU per page, without a network: a canned 200 (page one of a common
// query, as the fake answered it) through the backend, against fetch + response.json() of it.
{
  fake.requests.length = 0;
  const pageQuery = "service account key rotate deploy";
  await backend.searchPage(
    { collectionId: "docs-runbooks", query: pageQuery, pageSize: 20, continuation: undefined },
    testAttempt({ caller }),
  );
  const [request] = fake.requests;
  const canned = await (
    await fetch(`${fake.url}${request?.path}?${request?.query}`, {
      method: "POST",
      headers: { authorization: "ApiKey bench-reader", "content-type": "application/json" },
      body: request?.body ?? "",
    })
  ).text();
  const cannedFetch = async () =>
    new Response(canned, { headers: { "content-type": "application/json" } });
  const offline = elasticsearchBackend({ url: "http://search.internal", fetch: cannedFetch });
  const pages = 3000;
  const cpuBackend: number[] = [];
  const cpuHand: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    let started = performance.now();
    for (let page = 0; page < pages; page += 1) {
      await offline.searchPage(
        { collectionId: "docs-runbooks", query: pageQuery, pageSize: 20, continuation: undefined },
        testAttempt({ caller }),
      );
    }
    cpuBackend.push((performance.now() - started) / pages);
    started = performance.now();
    for (let page = 0; page < pages; page += 1) await (await cannedFetch()).json();
    cpuHand.push((performance.now() - started) / pages);
  }
  process.stdout.write(
    `\n## The backend's CPU per page, no network (${canned.length} bytes, 20 hits, median of 3 x ${pages})\n\n` +
      `| elasticsearchBackend.searchPage | ${median(cpuBackend).toFixed(3)} ms |\n| --- | ---: |\n` +
      `| fetch + response.json() | ${median(cpuHand).toFixed(3)} ms |\n`,
  );
}

// Warm-up: JIT, the connection pool, lazy imports.
for (const query of queries.slice(0, 10)) await docs.search(inputOf(query), { caller });

for (const latencyMs of latencies) {
  fake.setLatency(latencyMs);
  const throughCore: number[] = [];
  const byHand: number[] = [];
  let requestsPerCall = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const [position, query] of queries.entries()) {
      fake.requests.length = 0;
      const coreFirst = (position + round) % 2 === 0;
      const runCore = async () => {
        const started = performance.now();
        await docs.search(inputOf(query), { caller });
        throughCore.push(performance.now() - started);
      };
      // The requests createDocsSearch makes for this query, recorded once, replayed by hand.
      if (coreFirst) await runCore();
      else await docs.search(inputOf(query), { caller });
      const recorded = fake.requests.map(({ path, query: search, body }) => ({
        path,
        query: search,
        body,
      }));
      requestsPerCall += recorded.length;
      const started = performance.now();
      await handWritten(recorded);
      byHand.push(performance.now() - started);
      if (!coreFirst) await runCore();
    }
  }
  const coreMedian = median(throughCore);
  const handMedian = median(byHand);
  process.stdout.write(
    `\n## Overhead (${flavor}, ${latencyMs} ms added per answer, ${queries.length} queries x ${rounds} rounds, ${(requestsPerCall / (queries.length * rounds)).toFixed(2)} requests per call)\n\n` +
      "| arm | median ms per call | p90 ms |\n| --- | ---: | ---: |\n" +
      `| createDocsSearch + elasticsearchBackend | ${coreMedian.toFixed(2)} | ${percentile(throughCore, 0.9).toFixed(2)} |\n` +
      `| hand-written fetch, same requests | ${handMedian.toFixed(2)} | ${percentile(byHand, 0.9).toFixed(2)} |\n` +
      `| ratio (target <= 1.2) | ${(coreMedian / handMedian).toFixed(3)} | |\n` +
      `| difference | ${(coreMedian - handMedian).toFixed(2)} ms | |\n`,
  );
}
fake.setLatency(0);

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

// The soak: the table's rows as faults, drawn per call per index.
const faultMix: ReadonlyArray<{ name: string; fault: FakeElasticsearchFault; partial: boolean }> = [
  { name: "503 all shards failed", fault: { kind: "rebuilding" }, partial: false },
  {
    name: "503 cluster block",
    fault: { kind: "rebuilding", shape: "cluster_block" },
    partial: false,
  },
  { name: "400 index closed", fault: { kind: "closed" }, partial: false },
  { name: "403 read block", fault: { kind: "read_blocked" }, partial: false },
  { name: "429 rejected", fault: { kind: "rejected" }, partial: false },
  { name: "200 shards failed", fault: { kind: "partial_shards" }, partial: true },
  { name: "200 timed_out", fault: { kind: "timed_out" }, partial: true },
  { name: "500", fault: { kind: "server_error" }, partial: false },
  { name: "502", fault: { kind: "server_error", status: 502 }, partial: false },
  { name: "reset", fault: { kind: "reset" }, partial: false },
  { name: "malformed", fault: { kind: "malformed" }, partial: false },
];
// A shorter rebuild budget and deadline than the defaults (3 s, 5 s), so a soak of hundreds of
// faulted calls takes minutes; the decisions are the same, only the waits are shorter.
const soakDocs = createDocsSearch({
  backend: elasticsearchBackend({ url: fake.url, flavor }),
  areas,
  limits: { conflictWaitMs: 300, deadlineMs: 2000 },
});
const random = createSeededRandom(seed);
const truth = new Map<string, string>();
let falseNoMatches = 0;
let partialReportedComplete = 0;
let faultedCalls = 0;
let faultedNotUnavailable = 0;
const statuses: Record<string, number> = {};
const soakStarted = performance.now();
for (let call = 0; call < soakCalls; call += 1) {
  const query = queries[call % queries.length] as (typeof queries)[number];
  const input = inputOf(query);
  const key = JSON.stringify(input);
  if (!truth.has(key)) {
    fake.clearFaults();
    truth.set(key, (await docs.search(input, { caller })).output.status);
  }
  fake.clearFaults();
  const inScope =
    input.area === undefined ? Object.values(areas).flat() : (areas[input.area] ?? []);
  const faulted: Array<(typeof faultMix)[number]> = [];
  for (const index of inScope) {
    if (random() < 0.5) continue;
    const row = faultMix[Math.floor(random() * faultMix.length)] as (typeof faultMix)[number];
    fake.setFault(index, row.fault);
    faulted.push(row);
  }
  if (faulted.length > 0) faultedCalls += 1;
  const { output } = await soakDocs.search(input, { caller });
  statuses[output.status] = (statuses[output.status] ?? 0) + 1;
  if (output.status === "no_matches" && (faulted.length > 0 || truth.get(key) === "ok")) {
    falseNoMatches += 1;
  }
  if (output.status === "ok" && faulted.some((row) => row.partial)) partialReportedComplete += 1;
  // Every fault is held for the whole call: a faulted index can never have answered in full.
  if (faulted.length > 0 && output.status !== "unavailable") faultedNotUnavailable += 1;
}
fake.clearFaults();
process.stdout.write(
  `\n## Soak (${soakCalls} calls, ${faultedCalls} with at least one faulted index, ${((performance.now() - soakStarted) / 1000).toFixed(1)} s)\n\n` +
    `| figure | count |\n| --- | ---: |\n` +
    `| false no_matches | ${falseNoMatches} |\n` +
    `| partial answers reported complete | ${partialReportedComplete} |\n` +
    `| calls with a faulted index not reported unavailable | ${faultedNotUnavailable} |\n` +
    Object.entries(statuses)
      .map(([status, count]) => `| status ${status} | ${count} |\n`)
      .join(""),
);
await fake.close();
