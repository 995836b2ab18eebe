import { ConfigurationError } from "./errors/configuration-error.js";

/** Every number the client works within, in one place. Override any of them in `limits`. */
export interface Limits {
  /** Results handed to the model, best first. */
  resultCap: number;
  /** Upstream pages walked per collection before stopping; reaching it sets `more_matches_exist`. */
  maxUpstreamPages: number;
  /** One deadline for a whole tool call, every wait, request and body read included. */
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
   * Bytes of one response body, counted after decoding (gzip included, as they arrive): past it
   * the read stops and that collection is unavailable ("too large"), never retried. A page of 20
   * results is a few tens of KiB; a body this large is a broken or hostile backend.
   */
  responseBytes: number;
  /**
   * Items one search page may hold (20 are asked for). A page over it is malformed, not cut: a
   * backend returning more than it was asked for is broken, and a cut page would make its cursor
   * skip what was cut, so the answer would look complete when it is not.
   */
  pageItems: number;
  /** Sections one document may hold; a document over it is unavailable ("too large"). */
  documentSections: number;
  /**
   * Characters of a ref get_document reads. A ref this tool issues is at most this long (a document path that
   * would not fit is never cut: the ref falls back to a slug); a
   * longer string is `not_found` without a store lookup or a request, and only its first
   * `refChars` characters are echoed back (to the model and into the trace), never the whole.
   */
  refChars: number;
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
  responseBytes: 4 * 1024 * 1024,
  pageItems: 100,
  documentSections: 2000,
  refChars: 200,
  refStoreTimeoutMs: 1000,
});

// Waits a timer holds: past 2^31 - 1 ms, a timer fires at once.
const timerLimits = new Set<keyof Limits>(["deadlineMs", "conflictWaitMs", "refStoreTimeoutMs"]);
const maxTimerMs = 2 ** 31 - 1;

/**
 * The defaults with `overrides` applied, each a whole number within range: a limit that is not
 * one would quietly make every call unavailable (a deadline past 2^31 - 1 ms fires at once), so
 * it is refused up front, naming the limit. `conflictWaitMs` may be 0 (never wait out a 409).
 */
export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  const refuse = (message: string): never => {
    throw new ConfigurationError({ option: "limits", message });
  };
  const limits: Limits = { ...defaultLimits };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (!Object.hasOwn(defaultLimits, name)) {
      refuse(
        `limits.${name} is not a limit; the limits are ${Object.keys(defaultLimits).join(", ")}.`,
      );
    }
    if (value === undefined) continue;
    const key = name as keyof Limits;
    const lowest = key === "conflictWaitMs" ? 0 : 1;
    const highest = timerLimits.has(key) ? maxTimerMs : Number.MAX_SAFE_INTEGER;
    if (
      typeof value !== "number" ||
      !Number.isInteger(value) ||
      value < lowest ||
      value > highest
    ) {
      refuse(`limits.${name} must be a whole number from ${lowest} to ${highest}.`);
    }
    limits[key] = value;
  }
  return limits;
}
