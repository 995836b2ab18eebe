import { bodyFaultKinds, type Fault } from "./fault.js";
import type { RandomSource } from "./seeded-random.js";

/** A fault that fired on a request, and how many times it has fired so far (1 for the first). */
export interface FiredFault {
  fault: Fault;
  occurrence: number;
}

interface FaultState {
  fault: Fault;
  setAt: number;
  fired: number;
  // Requests seen while waiting; only a version flip counts those.
  seen: number;
}

const faultKinds = new Set([
  "reindex",
  "shed",
  "error",
  "malformed",
  "reset",
  "slow",
  "version-flip",
  ...bodyFaultKinds,
]);

/** The faults currently set, one per collection, and the bookkeeping of their limits. */
export class CollectionFaults {
  readonly #states = new Map<string, FaultState>();
  readonly #random: RandomSource;
  readonly #now: () => number;

  constructor(random: RandomSource, now: () => number = Date.now) {
    this.#random = random;
    this.#now = now;
  }

  /** Sets (replacing any other) or, with undefined, clears the fault of a collection. */
  set(collectionId: string, fault: Fault | undefined): void {
    if (fault === undefined) {
      this.#states.delete(collectionId);
      return;
    }
    validateFault(fault);
    // Copied, so a caller mutating its object later does not change a running fault.
    this.#states.set(collectionId, { fault: { ...fault }, setAt: this.#now(), fired: 0, seen: 0 });
  }

  /**
   * Decides whether the collection's fault fires on this request. Call once per request that
   * reached the collection; expired faults are cleared on the way.
   */
  fire(collectionId: string): FiredFault | undefined {
    const state = this.#states.get(collectionId);
    if (state === undefined) return undefined;
    const { fault } = state;
    if (fault.kind === "version-flip") {
      if (state.seen >= (fault.afterRequests ?? 0)) {
        this.#states.delete(collectionId);
        return { fault, occurrence: 1 };
      }
      state.seen += 1;
      return undefined;
    }
    const durationMs = "durationMs" in fault ? fault.durationMs : undefined;
    const expired =
      (durationMs !== undefined && this.#now() - state.setAt >= durationMs) ||
      (fault.requests !== undefined && state.fired >= fault.requests);
    if (expired) {
      this.#states.delete(collectionId);
      return undefined;
    }
    const rate = "rate" in fault ? (fault.rate ?? 1) : 1;
    // Draw only for a real probability, so adding a certain fault leaves latencies unchanged.
    if (rate < 1 && this.#random() >= rate) return undefined;
    state.fired += 1;
    if (fault.requests !== undefined && state.fired >= fault.requests) {
      this.#states.delete(collectionId);
    }
    return { fault, occurrence: state.fired };
  }
}

function validateFault(fault: Fault): void {
  if (typeof fault !== "object" || fault === null || !faultKinds.has(fault.kind)) {
    throw new TypeError(
      `Unknown fault ${JSON.stringify(fault)}: kind must be one of ${[...faultKinds].join(", ")}`,
    );
  }
  const record = fault as unknown as Record<string, unknown>;
  checkNumber(record, "rate", { minimum: 0, maximum: 1 });
  checkNumber(record, "requests", { minimum: 0, integer: true });
  checkNumber(record, "durationMs", { minimum: 0 });
  checkNumber(record, "retryAfterSeconds", { minimum: 0, integer: true });
  checkNumber(record, "afterRequests", { minimum: 0, integer: true });
  checkNumber(
    record,
    "status",
    fault.kind === "redirect"
      ? { minimum: 300, maximum: 399, integer: true }
      : { minimum: 400, maximum: 599, integer: true },
  );
  checkNumber(record, "intervalMs", { minimum: 1 });
  checkNumber(record, "bytes", { minimum: 0, integer: true });
  checkNumber(record, "inflatedBytes", { minimum: 0, integer: true });
  if (
    fault.kind === "redirect" &&
    fault.to !== undefined &&
    !["other-origin", "loop"].includes(fault.to)
  ) {
    throw new RangeError(
      `Fault "redirect": "to" must be "other-origin" or "loop", got ${JSON.stringify(fault.to)}`,
    );
  }
  if (fault.kind === "slow") {
    checkNumber(record, "ms", { minimum: 0 });
    if (fault.ms === undefined) throw new TypeError('A "slow" fault needs "ms"');
  }
}

function checkNumber(
  record: Record<string, unknown>,
  field: string,
  limits: { minimum: number; maximum?: number; integer?: boolean },
): void {
  const value = record[field];
  if (value === undefined) return;
  const valid =
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= limits.minimum &&
    value <= (limits.maximum ?? Number.POSITIVE_INFINITY) &&
    (!limits.integer || Number.isInteger(value));
  if (!valid) {
    const range = `${limits.minimum}..${limits.maximum ?? "∞"}`;
    throw new RangeError(
      `Fault "${String(record.kind)}": "${field}" must be ${limits.integer ? "an integer" : "a number"} in ${range}, got ${JSON.stringify(value)}`,
    );
  }
}
