// node bench/src/rerank-ab-bench.ts --baseline <another build's dist/index.js> [--candidates 480,1280] [--rounds 400]
// The v2 API's default reranker of this build (rerankerFor) against another build's default, in
// one process, alternating call by call on the same candidates (the dev set's corpus cut as the service cuts it, a new snippet per
// round as on new questions) and the dev set's questions: the CPU of one rerank of each, their
// ratio, and whether every order came out the same.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { rerankerFor } from "@search-docs/core";
import { percentile } from "@search-docs/measure";
import { availableSets } from "./bench-sets.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { rerankCandidatesFrom } from "./rerank-micro-bench.ts";

const { values } = parseArgs({
  options: {
    baseline: { type: "string" },
    candidates: { type: "string", default: "480,1280" },
    rounds: { type: "string", default: "400" },
  },
});
if (values.baseline === undefined) throw new Error("--baseline <dist/index.js> is required");
const baseline = (await import(
  pathToFileURL(values.baseline).href
)) as typeof import("@search-docs/core");
const rounds = Number(values.rounds);
const sets = availableSets();
const set = sets.find((candidate) => candidate.name === "dev") ?? sets[0];
if (set === undefined) throw new Error("no query set found");
const corpus = loadBenchCorpus(set.corpus);
const queries = loadQueries(set.queries, corpus).map((query) => query.query);
const arms = [
  { name: "this build", reranker: rerankerFor({ scoring: "section-text" }) },
  { name: "baseline", reranker: new baseline.UpstreamFusionReranker() },
];
const lines = [
  "| candidates | this build p50 (µs) | baseline p50 (µs) | ratio | orders identical |",
  "| ---: | ---: | ---: | ---: | --- |",
];
for (const count of values.candidates.split(",").map(Number)) {
  const candidates = rerankCandidatesFrom(corpus.values(), count);
  const times = arms.map(() => [] as number[]);
  let identical = true;
  for (let round = 0; round < rounds; round++) {
    const query = queries[round % queries.length] ?? "";
    // A snippet new to both memos, as a new question's pages are.
    const fresh = candidates.map((candidate) => ({
      ...candidate,
      snippet: `${candidate.snippet} r${round}`,
    }));
    const orders: string[] = [];
    for (let offset = 0; offset < arms.length; offset++) {
      const index = (round + offset) % arms.length;
      const arm = arms[index] as (typeof arms)[number];
      const started = process.cpuUsage();
      const order = arm.reranker.rerank({ query, candidates: fresh });
      const spent = process.cpuUsage(started);
      (times[index] as number[]).push(spent.user + spent.system);
      orders[index] = order.map((candidate) => candidate.key).join(",");
    }
    if (orders[0] !== orders[1]) identical = false;
  }
  // The first tenth warms both up (JIT) and is not counted.
  const counted = times.map((samples) => percentile(samples.slice(Math.floor(rounds / 10)), 50));
  lines.push(
    `| ${count} | ${counted[0]?.toFixed(0)} | ${counted[1]?.toFixed(0)} | ${((counted[0] ?? 0) / (counted[1] || 1)).toFixed(2)} | ${identical ? "yes" : "NO"} |`,
  );
}
process.stdout.write(`${lines.join("\n")}\n`);
