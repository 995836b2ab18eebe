import { StoreTimeoutError } from "../errors/store-timeout-error.js";
import { type Clock, systemClock } from "../util/clock.js";
import { settleWithin } from "../util/settle-within.js";
import { MemoryRefStore } from "./memory-ref-store.js";
import { isProcessLocalRef } from "./ref.js";
import { type MintRequest, mintRef } from "./ref-minter.js";
import type { RefStore, RefTarget } from "./ref-store.js";

/** The part of a call's deadline the registry needs. */
export interface RefStoreDeadline {
  remaining(): number;
  /** Aborts when the call's deadline passes or its caller cancels. */
  signal: AbortSignal;
}

export interface RefRegistryOptions {
  store: RefStore;
  /** Longest one store call may take, and never past the call's deadline. */
  timeoutMs: number;
  clock?: Pick<Clock, "setTimer">;
}

export type RefResolution =
  | { kind: "found"; target: RefTarget }
  | { kind: "unknown"; reason: string }
  /** The store could not answer in time, or failed: the ref may well exist. */
  | { kind: "unavailable"; reason: string };

export interface IssuedRefs {
  /** One per request, in order; undefined when not even a process-local ref could be minted. */
  refs: (string | undefined)[];
  /** Why some refs are process-local (the store failed or was too slow); undefined when none are. */
  degraded?: string;
}

/**
 * Refs as a tool call uses them: issued and resolved through the store, within the call's
 * deadline, and never a reason to lose an answer. When the store fails or is too slow, search
 * still answers: the refs it could not store are minted in this process only (their slug has
 * "--", so they never collide with a shared ref), resolve here, and read as unknown elsewhere.
 */
export class RefRegistry {
  readonly #store: RefStore;
  readonly #timeoutMs: number;
  readonly #clock: Pick<Clock, "setTimer">;
  readonly #local = new MemoryRefStore();

  constructor({ store, timeoutMs, clock = systemClock }: RefRegistryOptions) {
    this.#store = store;
    this.#timeoutMs = timeoutMs;
    this.#clock = clock;
  }

  async issue(requests: readonly MintRequest[], deadline: RefStoreDeadline): Promise<IssuedRefs> {
    const bound = this.#bound(deadline);
    const minted = await Promise.allSettled(
      requests.map((request) =>
        settleWithin((signal) => mintRef(this.#store, request, { signal }), bound),
      ),
    );
    let failure: unknown;
    const refs = await Promise.all(
      minted.map(async (outcome, index) => {
        if (outcome.status === "fulfilled") return outcome.value;
        failure ??= outcome.reason;
        return this.#mintLocally(requests[index] as MintRequest);
      }),
    );
    if (failure === undefined) return { refs };
    const local = minted.filter((outcome) => outcome.status === "rejected").length;
    return {
      refs,
      degraded: `ref store failed (${describeFailure(failure)}): ${local} of ${requests.length} refs issued for this process only`,
    };
  }

  async resolve(ref: string, deadline: RefStoreDeadline): Promise<RefResolution> {
    if (isProcessLocalRef(ref)) {
      const target = await this.#local.get(ref);
      return target
        ? { kind: "found", target }
        : {
            kind: "unknown",
            reason:
              "a process-local ref (issued while the shared ref store was unreachable) that this process did not issue, or expired",
          };
    }
    try {
      const target = await settleWithin(
        (signal) => this.#store.get(ref, { signal }),
        this.#bound(deadline),
      );
      return target
        ? { kind: "found", target }
        : { kind: "unknown", reason: "ref not issued by this store (or expired)" };
    } catch (error) {
      return { kind: "unavailable", reason: `ref store failed (${describeFailure(error)})` };
    }
  }

  async #mintLocally(request: MintRequest): Promise<string | undefined> {
    try {
      return await mintRef(this.#local, request, { processLocal: true });
    } catch {
      return undefined;
    }
  }

  /** The store's time: `timeoutMs`, never past the call's deadline. */
  #bound(deadline: RefStoreDeadline) {
    return {
      timeoutMs: Math.min(this.#timeoutMs, deadline.remaining()),
      signal: deadline.signal,
      clock: this.#clock,
    };
  }
}

/** What the trace says of a store failure: the error's kind and message, never a credential. */
function describeFailure(error: unknown): string {
  if (StoreTimeoutError.isInstance(error)) return error.message;
  if (!(error instanceof Error)) return "error";
  // A client's message may quote its connection URL: drop any user:password@ from it.
  const message = error.message.replace(/\/\/[^/\s@]*@/g, "//").slice(0, 200);
  return message ? `${error.name}: ${message}` : error.name;
}
