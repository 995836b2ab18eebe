import type { RerankCandidate, Reranker } from "@search-docs/core";
import { UpstreamFusionReranker } from "@search-docs/core";
import { type SectionRanking, startFakeDocsService } from "@search-docs/core/testing";
import type { BenchSet } from "./bench-sets.ts";
import { type ArmsOptions, createArms } from "./create-arms.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { type BenchQuery, loadQueries } from "./load-queries.ts";
import { createReplayFetch } from "./replay-fetch.ts";

/** A set's queries, every candidate each query can reach, and a service to replay them from. */
export interface CapturedSet {
  set: BenchSet;
  /** The fake first stage's BM25 parameters this capture was served with. */
  ranking: SectionRanking;
  queries: BenchQuery[];
  /** Per query id: every distinct candidate of every page (up to the cap) of every collection. */
  candidates: Map<string, readonly RerankCandidate[]>;
  /** Arms options against a replay of the service's answers: reruns cost no service time. */
  arms: ArmsOptions;
  close(): Promise<void>;
}

/**
 * Walks every page of every collection for every query once (no latency, no faults), keeping
 * what the reranker is handed; tuning then scores rerankers on the candidates without a service,
 * and replays the service's answers for anything that must go through the real client.
 */
export async function captureSet(set: BenchSet, ranking: SectionRanking): Promise<CapturedSet> {
  const queries = loadQueries(set.queries, loadBenchCorpus(set.corpus));
  const service = await startFakeDocsService({
    ...(set.corpus === undefined ? {} : { corpus: set.corpus }),
    collectionsPerArea: set.collectionsPerArea,
    ranking,
  });
  const replay = createReplayFetch();
  const arms: ArmsOptions = {
    baseUrl: service.url,
    areas: service.areas,
    headers: { authorization: `Bearer ${service.tokens.everything}` },
    fetch: replay.fetch,
  };
  const candidates = new Map<string, readonly RerankCandidate[]>();
  let current = "";
  const capturing: Reranker = {
    rerank: (request) => {
      candidates.set(current, request.candidates);
      return new UpstreamFusionReranker().rerank(request);
    },
  };
  const { "all-pages": walkEverything } = createArms({ ...arms, reranker: capturing });
  for (const query of queries) {
    current = query.id;
    candidates.set(query.id, []);
    await walkEverything({ query: query.query, area: query.area });
  }
  return { set, ranking, queries, candidates, arms, close: () => service.close() };
}

/** What a candidate points at: its key is collection, document and section, NUL-separated. */
export function candidateTarget(candidate: RerankCandidate): {
  collectionId: string;
  docId: string;
  section: number | undefined;
} {
  const [collectionId = "", docId = "", section = ""] = candidate.key.split("\u0000");
  return { collectionId, docId, section: section === "" ? undefined : Number(section) };
}
