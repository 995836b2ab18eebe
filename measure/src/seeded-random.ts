// The fake docs service draws its latencies and faults from this generator; the soak's schedule
// and call mix draw from the same one, so one seed reproduces a whole run on either side.
export { createSeededRandom, type RandomSource } from "@search-docs/core/testing";
