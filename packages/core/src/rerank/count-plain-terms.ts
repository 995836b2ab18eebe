import { isPlainAscii, longestStopword, stopwords } from "./tokenize.js";

// A word of at most `longestStopword` letters and digits as one small integer (base 37, a-z 1-26,
// 0-9 27-36): a stopword is then looked up without slicing the word out of its text.
const base = 37;
function digitOf(code: number): number {
  return code >= 97 ? code - 96 : code - 48 + 27;
}
function packed(word: string): number {
  let value = 0;
  for (let index = 0; index < word.length; index++) {
    value = value * base + digitOf(word.charCodeAt(index));
  }
  return value;
}
const packedStopwords = new Set([...stopwords].map(packed));

/**
 * What the final rerank needs of a snippet's tokens, without making them: how many `tokenize`
 * gives, and each query term's occurrences, added to `frequencies[offset + term]`. The rerank
 * tokenized every candidate's snippet (up to 1,280 at 64 collections) into strings it only
 * counted and compared: the profile's largest share of core's own time per call. Only for texts
 * `tokenize` takes its plain path on (ASCII words, no identifier), with terms compared as written
 * (no stems); otherwise -1, and nothing is added.
 */
export function countPlainTerms(
  text: string,
  terms: readonly string[],
  frequencies: Float64Array,
  offset: number,
): number {
  if (!isPlainAscii(text)) return -1;
  const lower = text.toLowerCase();
  let tokens = 0;
  let start = -1;
  let code = 0;
  for (let index = 0; index <= lower.length; index++) {
    const char = index < lower.length ? lower.charCodeAt(index) : 0;
    if ((char >= 97 && char <= 122) || (char >= 48 && char <= 57)) {
      if (start < 0) {
        start = index;
        code = 0;
      }
      if (index - start < longestStopword) code = code * base + digitOf(char);
      continue;
    }
    if (start < 0) continue;
    const length = index - start;
    const wordStart = start;
    start = -1;
    if (length <= longestStopword && packedStopwords.has(code)) continue;
    tokens++;
    for (let term = 0; term < terms.length; term++) {
      const candidate = terms[term] as string;
      if (candidate.length === length && lower.startsWith(candidate, wordStart)) {
        frequencies[offset + term] = (frequencies[offset + term] ?? 0) + 1;
        break;
      }
    }
  }
  return tokens;
}
