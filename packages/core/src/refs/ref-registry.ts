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
  /** Longest one phase of store calls may take, and never past the call's deadline. */
  timeoutMs: number;
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
  readonly #local = new MemoryRefStore();

  constructor({ store, timeoutMs }: RefRegistryOptions) {
    this.#store = store;
    this.#timeoutMs = timeoutMs;
  }

  async issue(requests: readonly MintRequest[], deadline: RefStoreDeadline): Promise<IssuedRefs> {
    const bound = this.#bound(deadline);
    try {
      const minted = await Promise.allSettled(
        requests.map((request) =>
          Promise.race([mintRef(this.#store, request, { signal: bound.signal }), bound.expired]),
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
    } finally {
      bound.dispose();
    }
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
    const bound = this.#bound(deadline);
    try {
      const target = await Promise.race([
        this.#store.get(ref, { signal: bound.signal }),
        bound.expired,
      ]);
      return target
        ? { kind: "found", target }
        : { kind: "unknown", reason: "ref not issued by this store (or expired)" };
    } catch (error) {
      return { kind: "unavailable", reason: `ref store failed (${describeFailure(error)})` };
    } finally {
      bound.dispose();
    }
  }

  async #mintLocally(request: MintRequest): Promise<string | undefined> {
    try {
      return await mintRef(this.#local, request, { processLocal: true });
    } catch {
      return undefined;
    }
  }

  /**
   * The store's time: `timeoutMs`, never past the deadline. With no time left the timer still
   * waits one turn of the event loop, so an in-process store (which answers at once) is never
   * mistaken for a failed one.
   */
  #bound(deadline: RefStoreDeadline) {
    const controller = new AbortController();
    const waitMs = Math.max(0, Math.min(this.#timeoutMs, deadline.remaining()));
    const timer = setTimeout(() => controller.abort(new RefStoreTimeout(waitMs)), waitMs);
    const onDeadline = () => controller.abort(new RefStoreTimeout(waitMs));
    const watchesDeadline = !deadline.signal.aborted;
    if (watchesDeadline) deadline.signal.addEventListener("abort", onDeadline, { once: true });
    const expired = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
        once: true,
      });
    });
    return {
      signal: controller.signal,
      expired,
      dispose: () => {
        clearTimeout(timer);
        if (watchesDeadline) deadline.signal.removeEventListener("abort", onDeadline);
      },
    };
  }
}

class RefStoreTimeout extends Error {
  constructor(waitMs: number) {
    super(`no answer within ${Math.round(waitMs)} ms`);
    this.name = "TimeoutError";
  }
}

/** What the trace says of a store failure: the error's kind and message, never a credential. */
function describeFailure(error: unknown): string {
  if (error instanceof RefStoreTimeout) return error.message;
  if (!(error instanceof Error)) return "error";
  // A client's message may quote its connection URL: drop any user:password@ from it.
  const message = error.message.replace(/\/\/[^/\s@]*@/g, "//").slice(0, 200);
  return message ? `${error.name}: ${message}` : error.name;
}
