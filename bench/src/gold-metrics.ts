import {
  recallAt as coreRecallAt,
  reciprocalRankAt as coreReciprocalRankAt,
  type MatchLevel,
} from "@search-docs/core/eval";
import type { Gold } from "./load-queries.ts";

export type { MatchLevel };

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
export function answersGold(result: ResultTarget, gold: Gold, level: MatchLevel): boolean {
  if (result.docId !== gold.docId) return false;
  return level === "document" || result.section === gold.section;
}

/** Whether a gold names a section: only those count at section level. */
export function namesSection(gold: Gold): boolean {
  return gold.section !== undefined;
}

// The metrics are core's (`@search-docs/core/eval`), so `search-docs eval` and bench agree to the
// last digit; bench only says what a gold is and when a result answers it.

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
  const counted = level === "section" ? golds.filter(namesSection) : golds;
  return coreRecallAt(results, counted, k, (result, gold) => answersGold(result, gold, level));
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
  const counted = level === "section" ? golds.filter(namesSection) : golds;
  return coreReciprocalRankAt(results, counted, k, (result, gold) =>
    answersGold(result, gold, level),
  );
}
