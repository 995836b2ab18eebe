/** Results per call: the tool's cut (DESIGN §1), so figures are "@8". */
export const ranking = { k: 8 } as const;

/** Whether one result answers one expected answer (at whatever level the caller scores). */
export type Answers<Result, Expected> = (result: Result, expected: Expected) => boolean;

/**
 * Share of the expected answers found in the first `k` results. Undefined with nothing to count
 * (a section-level recall of a query whose expectations name no section).
 */
export function recallAt<Result, Expected>(
  results: readonly Result[],
  expected: readonly Expected[],
  k: number,
  answers: Answers<Result, Expected>,
): number | undefined {
  if (expected.length === 0) return undefined;
  const top = results.slice(0, k);
  const found = expected.filter((gold) => top.some((result) => answers(result, gold)));
  return found.length / expected.length;
}

/** 1 / position of the first result within `k` that answers any expectation; 0 if none. */
export function reciprocalRankAt<Result, Expected>(
  results: readonly Result[],
  expected: readonly Expected[],
  k: number,
  answers: Answers<Result, Expected>,
): number {
  const index = results
    .slice(0, k)
    .findIndex((result) => expected.some((gold) => answers(result, gold)));
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * Binary nDCG@k: a result gains 1 / log2(position + 1) when it answers an expectation no earlier
 * result answered (two sections of one expected document earn it once), over the ideal order.
 * Undefined with nothing expected.
 */
export function ndcgAt<Result, Expected>(
  results: readonly Result[],
  expected: readonly Expected[],
  k: number,
  answers: Answers<Result, Expected>,
): number | undefined {
  if (expected.length === 0) return undefined;
  const credited = new Set<number>();
  let gained = 0;
  for (const [position, result] of results.slice(0, k).entries()) {
    const index = expected.findIndex((gold, at) => !credited.has(at) && answers(result, gold));
    if (index < 0) continue;
    credited.add(index);
    gained += 1 / Math.log2(position + 2);
  }
  let ideal = 0;
  for (let position = 0; position < Math.min(k, expected.length); position++) {
    ideal += 1 / Math.log2(position + 2);
  }
  return gained / ideal;
}
