import { analyze } from "./analyze-text.js";

// A deterministic embedder for tests: a hashed bag of words (the feature-hashing trick), unit
// length. The same text always gives the same vector, texts sharing words point the same way,
// and no model or network is involved. It measures nothing about semantic quality: it lets the
// engine fakes and the tests agree on vectors, so a request's vector and a fake's ranking can be
// checked exactly.

/** FNV-1a, 32 bits: a stable hash of a term. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** `text`'s hashed bag of words in `dimensions` dimensions, unit length (all zeros when no term). */
export function hashedEmbedding(text: string, dimensions = 16): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const term of analyze(text)) {
    const hash = fnv1a(term);
    const slot = hash % dimensions;
    vector[slot] = (vector[slot] ?? 0) + (hash >>> 31 === 1 ? -1 : 1);
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosineSimilarity(left: readonly number[], right: readonly number[]): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < left.length; index++) {
    const a = left[index] ?? 0;
    const b = right[index] ?? 0;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}

/** Whether `value` is a vector: an array of finite numbers. */
export function isVector(value: unknown): value is number[] {
  return (
    Array.isArray(value) && value.every((item) => typeof item === "number" && Number.isFinite(item))
  );
}
