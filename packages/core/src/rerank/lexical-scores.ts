import { porterStem } from "../text/porter-stem.js";
import { countPlainTerms } from "./count-plain-terms.js";
import type { RerankCandidate } from "./reranker.js";
import { tokenize } from "./tokenize.js";

/** What the backend never saw: the title, and the snippet's words counted among the candidates. */
export interface LexicalScores {
  /** BM25 of title + snippet, statistics from the candidate set itself, 0 for no query term. */
  lexical: Float64Array;
  /** Share of the query's distinct terms the title holds (0..1). */
  titleCoverage: Float64Array;
}

// Titles recur across the candidates of a call and across calls, so their tokens are memoized:
// a bounded memo, cleared whole when full (by entries or by the characters it holds, whatever
// length a backend's titles come in), so memory stays bounded. Snippets are not: they differ per
// question and per page, and a lookup hashes and compares the whole snippet before it can miss
// (profiled at 64 collections, the memo's lookups cost more than the tokenizing they saved).
const memoEntries = 4096;
const memoChars = 1 << 20;
const memo = new Map<string, string[]>();
let memoHeld = 0;
function tokens(text: string): string[] {
  let cached = memo.get(text);
  if (cached === undefined) {
    if (memo.size >= memoEntries || memoHeld + text.length > memoChars) {
      memo.clear();
      memoHeld = 0;
    }
    cached = tokenize(text);
    if (text.length <= memoChars) {
      memo.set(text, cached);
      memoHeld += text.length;
    }
  }
  return cached;
}

// Stems recur across every snippet of every call: a bounded memo, cleared whole when full.
const stemMemoEntries = 16384;
const stemMemo = new Map<string, string>();
function stemOf(token: string): string {
  let stem = stemMemo.get(token);
  if (stem === undefined) {
    if (stemMemo.size >= stemMemoEntries) stemMemo.clear();
    stem = porterStem(token);
    stemMemo.set(token, stem);
  }
  return stem;
}

/** How words are compared: their Porter stems ("rotating" meets "rotation"), or as written. */
export type Stemming = "porter" | "none";

/**
 * A token's index among the query's terms, stemmed or not. With stems, a token is stemmed only
 * when its first two letters begin some query stem (Porter changes only a word's end), so the
 * hundreds of snippet words that cannot match cost one comparison each.
 */
function matcherFor(queryText: string, stemming: Stemming) {
  const queryTokens = tokens(queryText);
  if (stemming === "none") {
    const queryTerms = [...new Set(queryTokens)];
    return { queryTerms, termOf: termFinder(queryTerms) };
  }
  const queryTerms = [...new Set(queryTokens.map(stemOf))];
  const find = termFinder(queryTerms);
  const openings = new Set(queryTerms.map((term) => term.slice(0, 2)));
  return {
    queryTerms,
    termOf: (token: string) => (openings.has(token.slice(0, 2)) ? find(stemOf(token)) : undefined),
  };
}

/**
 * Lexical evidence per candidate, in the candidates' order. Only query terms are ever scored, so
 * a candidate is its length and one count per query term, in flat arrays (no map per candidate);
 * the hundreds of candidates of a call share a few titles, each tokenized once. 480 candidates
 * (4 collections x 6 pages x 20) take about 2 ms.
 */
export function lexicalScores(
  query: string,
  candidates: readonly RerankCandidate[],
  { k1, b, stemming = "none" }: { k1: number; b: number; stemming?: Stemming },
): LexicalScores {
  const { queryTerms, termOf } = matcherFor(query, stemming);
  const termCount = queryTerms.length;
  const count = candidates.length;
  const frequencies = new Float64Array(count * termCount);
  const lengths = new Float64Array(count);
  const titleCoverage = new Float64Array(count);
  const titles = new Map<string, { length: number; counts: number[]; coverage: number }>();
  for (let index = 0; index < count; index++) {
    const candidate = candidates[index] as RerankCandidate;
    let title = titles.get(candidate.title);
    if (title === undefined) {
      // A plain array: a typed array per title cost more to allocate than everything it held.
      const counts = new Array<number>(termCount).fill(0);
      const titleTokens = tokens(candidate.title);
      for (const token of titleTokens) {
        const term = termOf(token);
        if (term !== undefined) counts[term] = (counts[term] ?? 0) + 1;
      }
      let covered = 0;
      for (const value of counts) if (value > 0) covered++;
      title = {
        length: titleTokens.length,
        counts,
        coverage: termCount === 0 ? 0 : covered / termCount,
      };
      titles.set(candidate.title, title);
    }
    const offset = index * termCount;
    for (let term = 0; term < termCount; term++) {
      frequencies[offset + term] = title.counts[term] ?? 0;
    }
    let snippetLength =
      stemming === "none"
        ? countPlainTerms(candidate.snippet, queryTerms, frequencies, offset)
        : -1;
    if (snippetLength < 0) {
      const snippetTokens = tokenize(candidate.snippet);
      for (const token of snippetTokens) {
        const term = termOf(token);
        if (term !== undefined) frequencies[offset + term] = (frequencies[offset + term] ?? 0) + 1;
      }
      snippetLength = snippetTokens.length;
    }
    lengths[index] = title.length + snippetLength;
    titleCoverage[index] = title.coverage;
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
  const lexical = new Float64Array(count);
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
  return { lexical, titleCoverage };
}

/**
 * A token's index among the query's terms, or undefined. A query has a few terms: comparing a
 * token with each is cheaper than hashing every token of every snippet for a map; a long query
 * gets the map.
 */
function termFinder(queryTerms: readonly string[]): (token: string) => number | undefined {
  if (queryTerms.length > 8) {
    const termIndex = new Map(queryTerms.map((term, index) => [term, index]));
    return (token) => termIndex.get(token);
  }
  return (token) => {
    for (let index = 0; index < queryTerms.length; index++) {
      if (queryTerms[index] === token) return index;
    }
    return undefined;
  };
}
