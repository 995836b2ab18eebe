import { hasAsciiWordsOnly, longestStopword, stopwords } from "./tokenize.js";

// A word of at most `longestStopword` letters and digits as one small integer (base 37, a-z 1-26,
// 0-9 27-36, case ignored): a stopword is then looked up without slicing the word out.
const base = 37;
function digitOf(code: number): number {
  if (code <= 57) return code - 48 + 27;
  return code <= 90 ? code - 64 : code - 96;
}
function packedOf(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++)
    value = value * base + digitOf(text.charCodeAt(index));
  return value;
}
const packedStopwords = new Set([...stopwords].map((word) => packedOf(word, 0, word.length)));

const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * What the final rerank needs of a snippet's tokens, without making them: how many `tokenize`
 * gives, and each query term's occurrences, added to `frequencies[offset + term]`. The rerank
 * tokenized every candidate's snippet (up to 1,280 at 64 collections) into strings it only
 * counted and compared: the profile's largest share of core's own time per call. For texts whose
 * words are ASCII (`tokenize`'s word, then an identifier's parts: `LedgerHighErrorRate` is
 * "ledgerhigherrorrate", "ledger", "high", "error", "rate"); otherwise -1, and nothing is added.
 * `terms` are tokens, so lower case.
 */
export function countPlainTerms(
  text: string,
  terms: readonly string[],
  frequencies: Float64Array,
  offset: number,
): number {
  if (!hasAsciiWordsOnly(text)) return -1;
  let tokens = 0;
  // One token, text[start, end) lower-cased: counted unless a stopword, matched against the terms.
  const take = (start: number, end: number) => {
    const length = end - start;
    if (length <= longestStopword && packedStopwords.has(packedOf(text, start, end))) return;
    tokens++;
    for (let term = 0; term < terms.length; term++) {
      const candidate = terms[term] as string;
      if (candidate.length === length && equalsLowered(text, start, candidate)) {
        frequencies[offset + term] = (frequencies[offset + term] ?? 0) + 1;
        return;
      }
    }
  };
  let start = -1;
  let boundaries = 0;
  for (let index = 0; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : 0;
    if (isUpper(code) || isLower(code) || isDigit(code)) {
      if (start < 0) {
        start = index;
        boundaries = 0;
      } else if (isCamelBoundary(text, index)) boundaries++;
      continue;
    }
    if (start < 0) continue;
    take(start, index);
    if (boundaries > 0) {
      // tokenize's camelCase split: before an upper case letter that follows a lower case letter
      // or a digit, and before the last of a run of upper case letters that a lower case follows.
      let part = start;
      for (let cut = start + 1; cut < index; cut++) {
        if (isCamelBoundary(text, cut)) {
          take(part, cut);
          part = cut;
        }
      }
      take(part, index);
    }
    start = -1;
  }
  return tokens;
}

/** Does a camelCase boundary fall before `text[index]` (both neighbours inside one word)? */
function isCamelBoundary(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (!isUpper(code)) return false;
  const previous = text.charCodeAt(index - 1);
  if (isLower(previous) || isDigit(previous)) return true;
  return isUpper(previous) && isLower(text.charCodeAt(index + 1));
}

/** `text.slice(start, start + lower.length).toLowerCase() === lower`, for ASCII, unsliced. */
function equalsLowered(text: string, start: number, lower: string): boolean {
  for (let index = 0; index < lower.length; index++) {
    const code = text.charCodeAt(start + index);
    if ((isUpper(code) ? code + 32 : code) !== lower.charCodeAt(index)) return false;
  }
  return true;
}
