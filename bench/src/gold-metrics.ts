import type { Gold } from "./load-queries.ts";

/** What a returned result points at, resolved from its ref. */
export interface ResultTarget {
  docId: string;
  section: number | undefined;
}

/**
 * Document level: a result answers a gold when it is the same document, whatever the section
 * (the model can read the whole document with get_document). Section level: same document and
 * same section, counted only over golds that name a section.
 */
export type MatchLevel = "document" | "section";

export function answersGold(result: ResultTarget, gold: Gold, level: MatchLevel): boolean {
  if (result.docId !== gold.docId) return false;
  return level === "document" || result.section === gold.section;
}

/**
 * Share of the golds found in the first `k` results. Undefined when the level has no gold to
 * count (a section-level recall of a query whose golds name no section).
 */
export function recallAt(
  results: readonly ResultTarget[],
  golds: readonly Gold[],
  k: number,
  level: MatchLevel,
): number | undefined {
  const counted = level === "section" ? golds.filter((gold) => gold.section !== undefined) : golds;
  if (counted.length === 0) return undefined;
  const top = results.slice(0, k);
  const found = counted.filter((gold) => top.some((result) => answersGold(result, gold, level)));
  return found.length / counted.length;
}

/**
 * 1 / position of the first result (within `k`) that answers any gold at this level; 0 if none.
 * At section level only golds that name a section count.
 */
export function reciprocalRankAt(
  results: readonly ResultTarget[],
  golds: readonly Gold[],
  k: number,
  level: MatchLevel = "document",
): number {
  const counted = level === "section" ? golds.filter((gold) => gold.section !== undefined) : golds;
  const index = results
    .slice(0, k)
    .findIndex((result) => counted.some((gold) => answersGold(result, gold, level)));
  return index < 0 ? 0 : 1 / (index + 1);
}
