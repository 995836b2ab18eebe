import type { RerankCandidate, Reranker, RerankRequest } from "./reranker.js";
import { tokenize } from "./tokenize.js";

/** The default reranker's parameters; chosen on the project's benchmark (bench/), not by taste. */
export interface Bm25RerankerOptions {
  k1: number;
  b: number;
  /**
   * Bonus for the share of query terms a title holds (0..1, times this). The upstream does not
   * index titles, so a document named after the question can sit pages down; this lifts it.
   */
  titleWeight: number;
  /** Weight of the upstream order in the fusion: upstreamWeight / (1 + log2(1 + rank)). */
  upstreamWeight: number;
  /** With prefer: "recent", the share of the score given to recency (newest = 1, oldest = 0). */
  recencyWeight: number;
}

/**
 * Chosen on the project's own task set (bench/, `node bench/src/tune.ts`, a grid of k1, b and the
 * two weights). The title and upstream weights are the levers: a full title match worth as much
 * as the best lexical score (1) and a light upstream prior (0.2) sit on the plateau where recall@8
 * and MRR@8 are best (0.982 / 0.943, against 0.975 / 0.932 for the first guess of 0.6 / 0.35).
 * k1 and b barely move either figure there, so they keep their textbook values.
 */
export const defaultBm25RerankerOptions: Readonly<Bm25RerankerOptions> = Object.freeze({
  k1: 1.2,
  b: 0.75,
  titleWeight: 1,
  upstreamWeight: 0.2,
  recencyWeight: 0.5,
});

/**
 * Lexical rerank: BM25 over title and snippet, with document statistics taken from the candidate
 * set itself, plus how much of the query the title covers, fused with the upstream order. Cheap
 * enough to run on every call: 480 candidates (4 collections x 6 pages x 20) in about 1-2 ms.
 */
export class Bm25Reranker implements Reranker {
  readonly options: Readonly<Bm25RerankerOptions>;

  constructor(options: Partial<Bm25RerankerOptions> = {}) {
    this.options = { ...defaultBm25RerankerOptions, ...options };
  }

  rerank({ query, candidates, prefer }: RerankRequest): RerankCandidate[] {
    const scores = this.score(query, candidates, prefer);
    return candidates
      .map((candidate, index) => ({ candidate, score: scores[index] ?? 0, index }))
      .sort((left, right) => right.score - left.score || left.index - right.index)
      .map(({ candidate }) => candidate);
  }

  /** Fused scores, in the candidates' order. */
  score(
    query: string,
    candidates: readonly RerankCandidate[],
    prefer?: RerankRequest["prefer"],
  ): number[] {
    const { k1, b, titleWeight, upstreamWeight, recencyWeight } = this.options;
    const queryTerms = [...new Set(tokenize(query))];
    const termCount = queryTerms.length;
    const termIndex = new Map(queryTerms.map((term, index) => [term, index]));
    const count = candidates.length;
    // Only query terms are ever scored, so a candidate is its length and one count per query
    // term, in flat arrays: no map per candidate. Hundreds of candidates share a few titles.
    const frequencies = new Float64Array(count * termCount);
    const lengths = new Float64Array(count);
    const coverages = new Float64Array(count);
    const titles = new Map<string, { length: number; counts: Float64Array; coverage: number }>();
    for (let index = 0; index < count; index++) {
      const candidate = candidates[index] as RerankCandidate;
      let title = titles.get(candidate.title);
      if (title === undefined) {
        const counts = new Float64Array(termCount);
        const tokens = tokenize(candidate.title);
        for (const token of tokens) {
          const term = termIndex.get(token);
          if (term !== undefined) counts[term] = (counts[term] ?? 0) + 1;
        }
        let covered = 0;
        for (const value of counts) if (value > 0) covered++;
        title = {
          length: tokens.length,
          counts,
          coverage: termCount === 0 ? 0 : covered / termCount,
        };
        titles.set(candidate.title, title);
      }
      const offset = index * termCount;
      frequencies.set(title.counts, offset);
      const tokens = tokenize(candidate.snippet);
      for (const token of tokens) {
        const term = termIndex.get(token);
        if (term !== undefined) frequencies[offset + term] = (frequencies[offset + term] ?? 0) + 1;
      }
      lengths[index] = title.length + tokens.length;
      coverages[index] = title.coverage;
    }
    let totalLength = 0;
    for (const length of lengths) totalLength += length;
    const averageLength = totalLength / (count || 1);
    const idf = new Float64Array(termCount);
    for (let term = 0; term < termCount; term++) {
      let documentFrequency = 0;
      for (let index = 0; index < count; index++) {
        if ((frequencies[index * termCount + term] ?? 0) > 0) documentFrequency++;
      }
      idf[term] = Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));
    }

    const lexical = new Array<number>(count);
    for (let index = 0; index < count; index++) {
      const norm = k1 * (1 - b + (b * (lengths[index] ?? 0)) / (averageLength || 1));
      let score = 0;
      for (let term = 0; term < termCount; term++) {
        const frequency = frequencies[index * termCount + term] ?? 0;
        if (frequency === 0) continue;
        score += ((idf[term] ?? 0) * frequency * (k1 + 1)) / (frequency + norm);
      }
      lexical[index] = score;
    }
    let maxLexical = 0;
    for (const score of lexical) if (score > maxLexical) maxLexical = score;
    const relevance = candidates.map((candidate, index) => {
      const lexicalPart = maxLexical > 0 ? (lexical[index] ?? 0) / maxLexical : 0;
      const titlePart = titleWeight * (coverages[index] ?? 0);
      return lexicalPart + titlePart + upstreamWeight / (1 + Math.log2(1 + candidate.upstreamRank));
    });
    if (prefer !== "recent") return relevance;

    const times = candidates.map((candidate) => Date.parse(candidate.updated ?? "") || 0);
    let newest = Number.NEGATIVE_INFINITY;
    let oldest = Number.POSITIVE_INFINITY;
    for (const time of times) {
      if (time <= 0) continue;
      if (time > newest) newest = time;
      if (time < oldest) oldest = time;
    }
    let maxRelevance = 0;
    for (const score of relevance) if (score > maxRelevance) maxRelevance = score;
    maxRelevance ||= 1;
    return relevance.map((score, index) => {
      const time = times[index] ?? 0;
      const recency = time === 0 ? 0 : newest === oldest ? 1 : (time - oldest) / (newest - oldest);
      return (1 - recencyWeight) * (score / maxRelevance) + recencyWeight * recency;
    });
  }
}
