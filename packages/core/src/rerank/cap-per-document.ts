/**
 * The cut to the answer: the first `resultCap` items of `ranked`, at most `perDocument` of them
 * from any one document, so one long document cannot fill every slot. Strict: when the candidates
 * run out, the answer is shorter rather than over the cap (`more_matches_exist` then says more
 * exist, and get_document reads the rest of that document).
 */
export function capPerDocument<Item>(
  ranked: readonly Item[],
  {
    resultCap,
    perDocument,
    documentOf,
  }: { resultCap: number; perDocument: number; documentOf: (item: Item) => string },
): Item[] {
  const taken = new Map<string, number>();
  const cut: Item[] = [];
  for (const item of ranked) {
    if (cut.length >= resultCap) break;
    const document = documentOf(item);
    const count = taken.get(document) ?? 0;
    if (count >= perDocument) continue;
    taken.set(document, count + 1);
    cut.push(item);
  }
  return cut;
}
