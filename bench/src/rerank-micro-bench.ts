import { type RerankCandidate, UpstreamFusionReranker } from "@search-docs/core";
import type { CorpusDocument } from "@search-docs/core/testing";
import { percentile } from "@search-docs/measure";
import { Bench } from "tinybench";

export interface RerankMicroBench {
  candidates: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/**
 * Candidates for the default reranker (the worst case is 4 collections x 6 pages x 20 = 480),
 * built from the corpus's sections the way the service cuts them: title plus a ~200-character
 * snippet, upstream rank within its collection of 120.
 */
export function rerankCandidatesFrom(
  documents: Iterable<CorpusDocument>,
  count: number,
): RerankCandidate[] {
  const candidates: RerankCandidate[] = [];
  for (const document of documents) {
    for (const [index, section] of document.sections.entries()) {
      if (candidates.length >= count) return candidates;
      candidates.push({
        key: `${document.id}#${index}`,
        title: document.title,
        snippet: wireSnippet(section.text),
        area: document.area,
        updated: document.updated,
        upstreamRank: candidates.length % 120,
        upstreamScore: 10 - (candidates.length % 120) / 12,
      });
    }
  }
  // A small corpus repeats itself to reach the count; the reranker does not care.
  while (candidates.length < count && candidates.length > 0) {
    const source = candidates[
      candidates.length % Math.max(1, candidates.length)
    ] as RerankCandidate;
    candidates.push({ ...source, key: `${source.key}+${candidates.length}` });
  }
  return candidates;
}

// The service cuts ~200 characters around the first hit and marks the cut with "…".
function wireSnippet(text: string): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length <= 200 ? collapsed : `${collapsed.slice(0, 200)}…`;
}

export async function runRerankMicroBench({
  documents,
  queries,
  count,
  timeMs = 1500,
}: {
  documents: Iterable<CorpusDocument>;
  queries: readonly string[];
  count: number;
  timeMs?: number;
}): Promise<RerankMicroBench> {
  const candidates = rerankCandidatesFrom(documents, count);
  const reranker = new UpstreamFusionReranker();
  let next = 0;
  const bench = new Bench({ time: timeMs, warmupTime: 300, retainSamples: true });
  // Snippets differ from round to round, as on new questions: the reranker's memo of tokenized
  // snippets (4,096 entries; these are 30,720) would otherwise answer from memory and the bench
  // would time nothing but the arithmetic. Built up front, so building them is not timed.
  const rounds = Array.from({ length: 64 }, (_, round) =>
    candidates.map((candidate) => ({ ...candidate, snippet: `${candidate.snippet} r${round}` })),
  );
  bench.add("rerank", () => {
    const round = next++;
    const query = queries[round % queries.length] ?? "";
    reranker.rerank({ query, candidates: rounds[round % rounds.length] ?? candidates });
  });
  await bench.run();
  const result = bench.tasks[0]?.result;
  const samples =
    result !== undefined && "latency" in result ? [...(result.latency.samples ?? [])] : [];
  return {
    candidates: candidates.length,
    samples: samples.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    p99Ms: percentile(samples, 99),
  };
}
