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
