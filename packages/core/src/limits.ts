/** Every number the client works within, in one place. Override any of them in `limits`. */
export interface Limits {
  /** Results handed to the model, best first. */
  resultCap: number;
  /** Upstream pages walked per collection before stopping; reaching it sets `more_matches_exist`. */
  maxUpstreamPages: number;
  /** One deadline for a whole tool call, every wait and request included. */
  deadlineMs: number;
  /** How long one collection may wait out a 409 (reindex) before it counts as unavailable. */
  conflictWaitMs: number;
  /** Characters of a passage shown to the model. */
  passageChars: number;
  /** Characters of document content get_document returns. */
  documentChars: number;
  /** At most this many sections of one document among the results (one long document cannot fill them all). */
  sectionsPerDocument: number;
  /**
   * The longest one ref store call may take (a shared store: Redis), never past the deadline.
   * Past it, search answers with refs for this process only and get_document is unavailable.
   */
  refStoreTimeoutMs: number;
}

export const defaultLimits: Readonly<Limits> = Object.freeze({
  resultCap: 8,
  maxUpstreamPages: 6,
  deadlineMs: 5000,
  conflictWaitMs: 3000,
  passageChars: 320,
  documentChars: 6000,
  sectionsPerDocument: 4,
  refStoreTimeoutMs: 1000,
});
