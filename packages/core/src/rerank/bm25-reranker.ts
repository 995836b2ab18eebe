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

export const defaultBm25RerankerOptions: Readonly<Bm25RerankerOptions> = Object.freeze({
  k1: 1.2,
  b: 0.75,
  titleWeight: 0.6,
  upstreamWeight: 0.35,
  recencyWeight: 0.5,
});

/**
 * Lexical rerank: BM25 over title and snippet, with document statistics taken from the candidate
 * set itself, plus how much of the query the title covers, fused with the upstream order. Cheap enough to run on every call (hundreds of
 * candidates in well under a few milliseconds).
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
    const documents = candidates.map((candidate) => {
      const frequencies = new Map<string, number>();
      let length = 0;
      const add = (text: string, weight: number) => {
        for (const token of tokenize(text)) {
          frequencies.set(token, (frequencies.get(token) ?? 0) + weight);
          length += weight;
        }
      };
      add(candidate.title, 1);
      add(candidate.snippet, 1);
      const titleTerms = new Set(tokenize(candidate.title));
      const coverage =
        queryTerms.length === 0
          ? 0
          : queryTerms.filter((term) => titleTerms.has(term)).length / queryTerms.length;
      return { frequencies, length, coverage };
    });
    const count = documents.length;
    const averageLength =
      documents.reduce((total, document) => total + document.length, 0) / (count || 1);
    const documentFrequency = new Map<string, number>();
    for (const term of queryTerms) {
      let frequency = 0;
      for (const document of documents) if (document.frequencies.has(term)) frequency++;
      documentFrequency.set(term, frequency);
    }

    const lexical = documents.map((document) => {
      let score = 0;
      for (const term of queryTerms) {
        const frequency = document.frequencies.get(term);
        if (!frequency) continue;
        const df = documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
        const norm = k1 * (1 - b + (b * document.length) / (averageLength || 1));
        score += (idf * frequency * (k1 + 1)) / (frequency + norm);
      }
      return score;
    });
    const maxLexical = Math.max(0, ...lexical);
    const relevance = candidates.map((candidate, index) => {
      const lexicalPart = maxLexical > 0 ? (lexical[index] ?? 0) / maxLexical : 0;
      const titlePart = titleWeight * (documents[index]?.coverage ?? 0);
      return lexicalPart + titlePart + upstreamWeight / (1 + Math.log2(1 + candidate.upstreamRank));
    });
    if (prefer !== "recent") return relevance;

    const times = candidates.map((candidate) => Date.parse(candidate.updated ?? "") || 0);
    const known = times.filter((time) => time > 0);
    const newest = Math.max(...known);
    const oldest = Math.min(...known);
    const maxRelevance = Math.max(0, ...relevance) || 1;
    return relevance.map((score, index) => {
      const time = times[index] ?? 0;
      const recency = time === 0 ? 0 : newest === oldest ? 1 : (time - oldest) / (newest - oldest);
      return (1 - recencyWeight) * (score / maxRelevance) + recencyWeight * recency;
    });
  }
}
