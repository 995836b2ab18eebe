// Chooses the default reranker's parameters and the adaptive stop ON THE PROJECT'S OWN SET
// (bench/tasks/queries.jsonl over the sample corpus); never run it on an evaluation corpus.
// `node bench/src/tune.ts` prints the grid's best points and writes bench/results/tuning.json.
import { writeFileSync } from "node:fs";
import {
  Bm25Reranker,
  type Bm25RerankerOptions,
  defaultBm25RerankerOptions,
  type RerankCandidate,
  type Reranker,
} from "@search-docs/core";
import { mean, percentile } from "@search-docs/measure";
import { createArms } from "./create-arms.ts";
import { recallAt, reciprocalRankAt } from "./gold-metrics.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { type BenchQuery, loadQueries } from "./load-queries.ts";
import { requestsPerCollection } from "./physical-floor.ts";
import { createReplayFetch } from "./replay-fetch.ts";
import { startServiceProcess } from "./service-process.ts";

const queriesPath = new URL("../tasks/queries.jsonl", import.meta.url).pathname;
const queries = loadQueries(queriesPath, loadBenchCorpus(undefined));
const service = await startServiceProcess({ collectionsPerArea: 1, seed: 1 });
const headers = { authorization: `Bearer ${service.tokens.everything}` };
const replay = createReplayFetch();

// 1. Every candidate of every query, from a walk of every page (what the reranker can see).
const captured = new Map<string, readonly RerankCandidate[]>();
let current = "";
const capturing: Reranker = {
  rerank: (request) => {
    captured.set(current, request.candidates);
    return new Bm25Reranker().rerank(request);
  },
};
const { "all-pages": capture } = createArms({
  baseUrl: service.url,
  areas: service.areas,
  headers,
  fetch: replay.fetch,
  reranker: capturing,
});
for (const query of queries) {
  current = query.id;
  await capture({ query: query.query, area: query.area });
}

// The key of a candidate is collection, document and section, NUL-separated (run-search.ts).
const targetOf = (candidate: RerankCandidate) => {
  const [, docId = "", section = ""] = candidate.key.split("\u0000");
  return { docId, section: section === "" ? undefined : Number(section) };
};

function score(options: Partial<Bm25RerankerOptions>) {
  const reranker = new Bm25Reranker(options);
  const recalls: number[] = [];
  const sectionRecalls: number[] = [];
  const reciprocalRanks: number[] = [];
  for (const query of queries) {
    const candidates = captured.get(query.id) ?? [];
    const top = reranker.rerank({ query: query.query, candidates }).slice(0, 8).map(targetOf);
    recalls.push(recallAt(top, query.gold, 8, "document") ?? 0);
    const sectionRecall = recallAt(top, query.gold, 8, "section");
    if (sectionRecall !== undefined) sectionRecalls.push(sectionRecall);
    reciprocalRanks.push(reciprocalRankAt(top, query.gold, 8));
  }
  return {
    recall: mean(recalls),
    sectionRecall: mean(sectionRecalls),
    mrr: mean(reciprocalRanks),
  };
}

// 2. The reranker's grid.
const grid: Array<Bm25RerankerOptions & ReturnType<typeof score>> = [];
for (const k1 of [0.6, 0.9, 1.2, 1.6, 2.0]) {
  for (const b of [0.3, 0.5, 0.75, 0.9]) {
    for (const titleWeight of [0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.5]) {
      for (const upstreamWeight of [0, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0]) {
        const options = { ...defaultBm25RerankerOptions, k1, b, titleWeight, upstreamWeight };
        grid.push({ ...options, ...score(options) });
      }
    }
  }
}
// The landscape by title and upstream weight, averaged over k1 and b: pick a plateau, not a peak.
const titleWeights = [...new Set(grid.map((point) => point.titleWeight))];
const upstreamWeights = [...new Set(grid.map((point) => point.upstreamWeight))];
const landscape = titleWeights.map((titleWeight) =>
  upstreamWeights.map((upstreamWeight) => {
    const points = grid.filter(
      (point) => point.titleWeight === titleWeight && point.upstreamWeight === upstreamWeight,
    );
    return {
      titleWeight,
      upstreamWeight,
      recall: mean(points.map((point) => point.recall)),
      mrr: mean(points.map((point) => point.mrr)),
    };
  }),
);
console.log(
  `recall@8 / MRR@8 by titleWeight (rows) and upstreamWeight (${upstreamWeights.join(", ")}):`,
);
for (const row of landscape) {
  console.log(
    `  ${String(row[0]?.titleWeight).padEnd(4)} ${row.map((cell) => `${cell.recall.toFixed(3)}/${cell.mrr.toFixed(3)}`).join("  ")}`,
  );
}
const objective = (point: ReturnType<typeof score>) =>
  point.recall + point.mrr + 0.5 * point.sectionRecall;
grid.sort((left, right) => objective(right) - objective(left));
const format = (point: (typeof grid)[number]) =>
  `k1=${point.k1} b=${point.b} title=${point.titleWeight} upstream=${point.upstreamWeight}  recall@8=${point.recall.toFixed(3)} section=${point.sectionRecall.toFixed(3)} MRR@8=${point.mrr.toFixed(3)}`;
console.log("current defaults:", format({ ...defaultBm25RerankerOptions, ...score({}) }));
console.log("best 15:");
for (const point of grid.slice(0, 15)) console.log(" ", format(point));

// 3. The adaptive stop, through the real client (replayed answers), with the defaults' reranker.
const paging: Array<Record<string, number | string>> = [];
for (const scoreDropRatio of [0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8]) {
  const arm = createArms({
    baseUrl: service.url,
    areas: service.areas,
    headers,
    fetch: replay.fetch,
    paging: { scoreDropRatio },
  })["search-docs"];
  const perCollection: number[] = [];
  const recalls: number[] = [];
  const sectionRecalls: number[] = [];
  for (const query of queries as BenchQuery[]) {
    const record = await arm({ query: query.query, area: query.area });
    perCollection.push(...requestsPerCollection(record.searchedCollections, record.requests));
    recalls.push(recallAt(record.targets, query.gold, 8, "document") ?? 0);
    const sectionRecall = recallAt(record.targets, query.gold, 8, "section");
    if (sectionRecall !== undefined) sectionRecalls.push(sectionRecall);
  }
  const point = {
    scoreDropRatio,
    recall: mean(recalls),
    sectionRecall: mean(sectionRecalls),
    requestsPerCollectionMean: mean(perCollection),
    requestsPerCollectionP95: percentile(perCollection, 95),
  };
  paging.push(point);
  console.log("paging", JSON.stringify(point));
}

// One line per grid point (k1, b, titleWeight, upstreamWeight, recall@8, section, MRR@8).
const summary = JSON.stringify(
  {
    date: new Date().toISOString(),
    queries: queries.length,
    best: grid.slice(0, 20),
    landscape,
    paging,
  },
  null,
  2,
);
const gridLines = grid.map((point) =>
  JSON.stringify([
    point.k1,
    point.b,
    point.titleWeight,
    point.upstreamWeight,
    round(point.recall),
    round(point.sectionRecall),
    round(point.mrr),
  ]),
);
writeFileSync(
  new URL("../results/tuning.json", import.meta.url),
  `${summary.slice(0, -2)},\n  "grid": [\n    ${gridLines.join(",\n    ")}\n  ]\n}\n`,
);
await service.close();

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
