// @search-docs/measure: what bench and soak both compute, written once.
export { countTokens } from "./count-tokens.ts";
export { mean, percentile } from "./percentile.ts";
export { createSeededRandom, type RandomSource } from "./seeded-random.ts";
