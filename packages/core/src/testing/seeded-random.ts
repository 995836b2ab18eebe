/** A source of uniformly distributed numbers in [0, 1). */
export type RandomSource = () => number;

/**
 * A small seeded PRNG (mulberry32): the same seed gives the same latencies and the same
 * probabilistic faults in every run, so a failing test can be replayed.
 */
export function createSeededRandom(seed: number): RandomSource {
  let state = Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
