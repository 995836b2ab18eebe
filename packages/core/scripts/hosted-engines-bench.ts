// `pnpm --filter @search-docs/core bench:hosted-engines [--rounds 5] [--soak-calls 200] [--seed 1] [--latency-ms 0,10]`:
// the Algolia, Meilisearch and Typesense backends' cost and truthfulness against their local
// fake servers. A benchmark that reports figures, not a test.
//
// 1. Overhead: for each query, one call through createDocsSearch({ backend }) and, side by side
//    in the same run, a hand-written `fetch` of exactly the requests that call made (recorded by
//    the fake: same method, path, query string, headers and body, pages in order), each body
//    read as JSON. Order alternates per query. Reported: median and p95 wall time per call of
//    each, and the ratio of medians. Two credential modes: the caller's plain search key, and a
//    key minted per call (core pays the Web Crypto derivation each call; the hand arm replays the
//    derived key it recorded, so the figure includes the derivation's cost).
//    A third arm times the backend alone (one searchPage attempt, page one) to separate the
//    backend's cost from core's fixed cost per call (session, rerank, refs, trace).
// 2. Soak: calls under a seeded fault mix of the status table's transient rows (a fault before
//    each call, held for 1-3 requests so retries meet it too), all for a query with results:
//    every `no_matches` is false. Counted per engine.

import { parseArgs } from "node:util";
import type { EngineRequest, HostedEngineName } from "@search-docs/test-servers";
import { startHostedEngine } from "../src/__fixtures__/start-hosted-engine.ts";
import { createDocsSearch } from "../src/create-docs-search.ts";
import { createSeededRandom } from "../src/testing/seeded-random.ts";
import { testAttempt } from "../src/testing/test-attempt.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    "soak-calls": { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
    "latency-ms": { type: "string", default: "0,10" },
  },
});
const rounds = Number(values.rounds);
const soakCalls = Number(values["soak-calls"]);
const seed = Number(values.seed);
const latencies = String(values["latency-ms"]).split(",").map(Number);

// Words of the contract corpus: one-document, many-document and no-document queries.
const queries = [
  "incident",
  "heliograph",
  "rotate the signing key",
  "on-call shifts",
  "roll back",
  "severity commander",
  "blameless review",
  "vault key slots",
  "quokka xylophone",
  "status page",
];

const median = (values: number[]) => percentile(values, 0.5);
function percentile(values: number[], at: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(at * sorted.length))] ?? Number.NaN;
}

async function replay(base: string, requests: readonly EngineRequest[]): Promise<void> {
  for (const request of requests) {
    const query = request.query.toString();
    const {
      host: _host,
      "content-length": _length,
      connection: _connection,
      ...headers
    } = request.headers;
    const response = await fetch(`${base}${request.path}${query === "" ? "" : `?${query}`}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    await response.json();
  }
}

const rows: string[] = [];
const soakRows: string[] = [];
for (const engine of ["algolia", "meilisearch", "typesense"] as HostedEngineName[]) {
  const fixture = await startHostedEngine(engine);
  const base = fixture.fake.urls[0] ?? "";
  for (const mode of ["plain", "minted"] as const) {
    const docs = createDocsSearch({
      backend: fixture.backends[mode],
      areas: { handbook: [fixture.index] },
    });
    const caller = { token: mode === "plain" ? fixture.plainKey : "alice-session" };
    for (const latency of latencies) {
      fixture.fake.clearFaults();
      if (latency > 0) fixture.fake.inject({ delayMs: latency, times: Number.POSITIVE_INFINITY });
      const core: number[] = [];
      const hand: number[] = [];
      // The backend alone: one attempt of the page-one request, without core's session around it.
      const alone: number[] = [];
      const backend = fixture.backends[mode];
      const recorded = new Map<string, EngineRequest[]>();
      // Warm both arms (JIT, keep-alive connections) before timing.
      for (const query of queries) await docs.search({ query }, { caller });
      for (let round = 0; round < rounds; round++) {
        for (const [position, query] of queries.entries()) {
          // The three arms in a rotating order, so none always runs first or last.
          const arms = [
            async () => {
              const before = fixture.fake.requests.length;
              const started = performance.now();
              const result = await docs.search({ query }, { caller });
              core.push(performance.now() - started);
              if (result.output.status === "unavailable") {
                throw new Error(`${engine} ${mode}: unavailable for "${query}"`);
              }
              recorded.set(
                query,
                fixture.fake.requests.slice(before, fixture.fake.requests.length),
              );
            },
            async () => {
              // Replays the requests the createDocsSearch arm last made for this query, by hand.
              const made = recorded.get(query) ?? [];
              const started = performance.now();
              await replay(base, made);
              hand.push(performance.now() - started);
            },
            async () => {
              const started = performance.now();
              await backend.searchPage(
                { collectionId: fixture.index, query, pageSize: 20, continuation: undefined },
                testAttempt({ caller }),
              );
              alone.push(performance.now() - started);
            },
          ];
          // The hand arm needs this query's requests first: record them once, untimed.
          if (round === 0) {
            const before = fixture.fake.requests.length;
            await docs.search({ query }, { caller });
            recorded.set(query, fixture.fake.requests.slice(before, fixture.fake.requests.length));
          }
          const shift = (round + position) % arms.length;
          for (let index = 0; index < arms.length; index++)
            await arms[(index + shift) % arms.length]?.();
        }
      }
      rows.push(
        `| ${engine} | ${mode} | ${latency} | ${median(core).toFixed(2)} | ${percentile(core, 0.95).toFixed(2)} | ${median(hand).toFixed(2)} | ${percentile(hand, 0.95).toFixed(2)} | ${(median(core) / median(hand)).toFixed(2)}× | ${median(alone).toFixed(2)} |`,
      );
    }
  }
  fixture.fake.clearFaults();

  // Soak under the fault mix.
  const docs = createDocsSearch({
    backend: fixture.backends.minted,
    areas: { handbook: [fixture.index] },
    limits: { conflictWaitMs: 300 },
  });
  const random = createSeededRandom(seed);
  const statuses: Record<string, number> = {};
  let faulted = 0;
  for (let call = 0; call < soakCalls; call++) {
    if (random() < 0.5) {
      const fault = fixture.faults[Math.floor(random() * fixture.faults.length)];
      if (fault !== undefined) {
        fixture.fake.inject({ ...fault, times: 1 + Math.floor(random() * 3) });
        faulted += 1;
      }
    }
    const result = await docs.search({ query: "incident" }, { caller: { token: "alice-session" } });
    statuses[result.output.status] = (statuses[result.output.status] ?? 0) + 1;
    fixture.fake.clearFaults();
  }
  soakRows.push(
    `| ${engine} | ${soakCalls} | ${faulted} | ${statuses.ok ?? 0} | ${statuses.unavailable ?? 0} | ${statuses.no_matches ?? 0} |`,
  );
  await fixture.close();
}

console.log(`Overhead (rounds ${rounds} × ${queries.length} queries; ms per call)\n`);
console.log(
  "| engine | key | added latency ms | createDocsSearch median | p95 | hand fetch median | p95 | ratio | backend attempt alone median |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
console.log(
  `\nSoak (seed ${seed}; query "incident" always has results: every no_matches is false)\n`,
);
console.log("| engine | calls | faulted calls | ok | unavailable | false no_matches |");
console.log("|---|---|---|---|---|---|");
for (const row of soakRows) console.log(row);
