import { capPerDocument, type RerankCandidate, type Reranker } from "@search-docs/core";
import { type CapturedSet, candidateTarget } from "./capture-set.ts";
import { type AnswerScores, scoreAnswers } from "./score-answers.ts";

export interface OfflineOptions {
  /** At most this many sections of one document among the results. */
  perDocument: number;
  resultCap?: number;
  /**
   * "call" hands the reranker the backend's scores as they are; "collection" divides each by its
   * collection's best first, to measure whether scores from different collections compare.
   */
  scale?: "call" | "collection";
}

/** Scores a (synchronous) reranker on a captured set's candidates, cut as the client cuts. */
export function scoreOffline(
  captured: CapturedSet,
  reranker: Reranker,
  { perDocument, resultCap = 8, scale = "call" }: OfflineOptions,
): AnswerScores {
  return scoreAnswers(
    captured.queries.map((query) => {
      const candidates = rescale(captured.candidates.get(query.id) ?? [], scale);
      const ranked = reranker.rerank({ query: query.query, candidates });
      if (ranked instanceof Promise)
        throw new TypeError("scoreOffline needs a synchronous reranker");
      const cut = capPerDocument(ranked, {
        resultCap,
        perDocument,
        documentOf: (candidate) => {
          const { collectionId, docId } = candidateTarget(candidate);
          return `${collectionId}\u0000${docId}`;
        },
      });
      return {
        query,
        targets: cut.map(candidateTarget),
        status: cut.length === 0 ? "no_matches" : "ok",
      };
    }),
  );
}

function rescale(candidates: readonly RerankCandidate[], scale: "call" | "collection") {
  if (scale === "call") return candidates;
  const best = new Map<string, number>();
  for (const candidate of candidates) {
    const { collectionId } = candidateTarget(candidate);
    best.set(collectionId, Math.max(best.get(collectionId) ?? 0, candidate.upstreamScore));
  }
  return candidates.map((candidate) => {
    const top = best.get(candidateTarget(candidate).collectionId) ?? 0;
    return { ...candidate, upstreamScore: top > 0 ? candidate.upstreamScore / top : 0 };
  });
}
