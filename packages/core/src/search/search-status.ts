import type { SearchStatus } from "../contract/contract.js";

export type CollectionOutcome = "answered" | "forbidden" | "unavailable";

/**
 * The status table of DESIGN.md section 1, as one total function. Any in-scope collection that
 * could not be searched makes the answer `unavailable`, whatever the others returned: "nothing
 * matched" must never be said while part of the backend is down.
 */
export function searchStatus({
  outcomes,
  resultCount,
}: {
  outcomes: readonly CollectionOutcome[];
  resultCount: number;
}): SearchStatus {
  if (outcomes.includes("unavailable")) return "unavailable";
  return resultCount > 0 ? "ok" : "no_matches";
}
