import type { CollectionStop } from "../trace/trace.js";
import type { CollectionOutcome } from "./search-status.js";

export interface StopMeaning {
  /** What the collection counts as in the answer's status. */
  outcome: CollectionOutcome;
  /** Upstream holds more than the walk read (or may: a failed collection), so more matches exist. */
  moreExist: boolean;
}

// One fact per stop: a walk records how it stopped, and its outcome and "more exist" follow.
const stopMeanings: Readonly<Record<CollectionStop, Readonly<StopMeaning>>> = Object.freeze({
  end: { outcome: "answered", moreExist: false },
  no_match: { outcome: "answered", moreExist: false },
  page_cap: { outcome: "answered", moreExist: true },
  adaptive: { outcome: "answered", moreExist: true },
  cursor_loop: { outcome: "answered", moreExist: true },
  missing_cursor: { outcome: "answered", moreExist: true },
  // It answered, from pages at one version; what moved under the walk was not read.
  version_changed: { outcome: "answered", moreExist: true },
  forbidden: { outcome: "forbidden", moreExist: false },
  unavailable: { outcome: "unavailable", moreExist: true },
});

/** What a collection walk's stop means for the answer: its outcome and whether more exists. */
export function stopMeaning(stop: CollectionStop): StopMeaning {
  return stopMeanings[stop];
}
