/** A small seeded PRNG (mulberry32): the same seed gives the same soak schedule and call mix. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `choices`, drawn by weight. */
export function pickWeighted<Choice>(
  random: () => number,
  choices: readonly (readonly [Choice, number])[],
): Choice {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [choice, weight] of choices) {
    draw -= weight;
    if (draw < 0) return choice;
  }
  return (choices.at(-1) as readonly [Choice, number])[0];
}
