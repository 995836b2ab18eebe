import { attemptSignal } from "../backend/attempt-signal.js";
import type { InFlightLimit } from "../backend/in-flight-limit.js";
import type {
  AttemptDetails,
  BackendAttempt,
  BackendFailure,
  DocumentOutcome,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import type { Limits } from "../limits.js";
import { type ConflictBudget, decideRetry, describeFailure } from "../retry/decide-retry.js";
import type { ReindexMemory } from "../retry/reindex-memory.js";
import type { RetryBudget } from "../retry/retry-budget.js";
import type { RetryPolicy } from "../retry/retry-policy.js";
import type { FailureKind, TraceRequest } from "../trace/trace.js";
import type { TraceRecorder } from "../trace/trace-recorder.js";
import type { Clock, Random } from "../util/clock.js";
import type { Deadline } from "../util/deadline.js";
import { raceSignal } from "../util/race-signal.js";
import { checkDocumentOutcome, checkPageOutcome } from "./check-outcome.js";
import { describeThrown } from "./describe-thrown.js";
import { failureKindOf } from "./failure-kind-of.js";

export interface BackendSessionOptions {
  backend: SearchBackend;
  clock: Clock;
  random: Random;
  policy: RetryPolicy;
  limits: Limits;
  retryBudget: RetryBudget;
  reindexMemory: ReindexMemory;
  /** The process-wide bound on attempts in flight to this backend. */
  inFlight: InFlightLimit;
}

/** One collection within one call: whose credentials, which deadline, which trace, which budget. */
export interface CollectionCall {
  readonly collectionId: string;
  readonly area: string;
  readonly caller: Caller;
  readonly deadline: Deadline;
  readonly trace: TraceRecorder;
  /** The collection's rebuild wait budget: every page of a walk draws on one. */
  readonly conflictBudget: ConflictBudget;
}

/** What one request came to, after retries. */
export type Settled<Answer> =
  | Answer
  /** Never retried: omitted from a search, no_access for a document. */
  | { kind: "forbidden" }
  /** The collection changed under the walk: the walk restarts once. */
  | { kind: "stale_continuation"; reason: string }
  | { kind: "unavailable"; failure: FailureKind; reason: string };

type SearchAnswer = Extract<PageOutcome, { kind: "page" | "no_match" }>;
type DocumentAnswer = Extract<DocumentOutcome, { kind: "document" | "not_found" }>;

/**
 * Drives any backend, the same way every time: per attempt, a slot of the in-flight bound, a
 * signal that fires at the attempt's timeout, the call's deadline or the caller's abort, a trace
 * row and a span; between attempts, the pure `decideRetry` keyed on failure kinds, the
 * process-wide retry budget, the collection's rebuild wait budget and the reindex memory, and
 * sleeping on the injected clock. A backend that throws, answers garbage or never settles (even
 * one that ignores its signal) costs that collection `unavailable` by the deadline: never a
 * crash, a hang or "nothing matched".
 */
export class BackendSession {
  readonly #options: BackendSessionOptions;

  constructor(options: BackendSessionOptions) {
    this.#options = options;
  }

  get backendName(): string {
    return this.#options.backend.name;
  }

  /** A fresh context for one collection's requests within one call, with a full rebuild budget. */
  collectionCall(call: Omit<CollectionCall, "conflictBudget">): CollectionCall {
    return { ...call, conflictBudget: { waitedMs: 0, retries: 0 } };
  }

  searchPage(
    call: CollectionCall,
    request: Omit<PageRequest, "collectionId">,
    page: number,
  ): Promise<Settled<SearchAnswer>> {
    const { backend, limits } = this.#options;
    const pageRequest: PageRequest = { collectionId: call.collectionId, ...request };
    return this.#request(call, { kind: "search", page }, async (attempt) =>
      checkPageOutcome(await backend.searchPage(pageRequest, attempt), limits),
    ) as Promise<Settled<SearchAnswer>>;
  }

  getDocument(call: CollectionCall, documentId: string): Promise<Settled<DocumentAnswer>> {
    const { backend, limits } = this.#options;
    const request = { collectionId: call.collectionId, documentId };
    return this.#request(call, { kind: "document", page: 1 }, async (attempt) =>
      checkDocumentOutcome(await backend.getDocument(request, attempt), limits),
    ) as Promise<Settled<DocumentAnswer>>;
  }

  async #request(
    call: CollectionCall,
    where: Pick<TraceRequest, "kind" | "page">,
    send: (attempt: BackendAttempt) => Promise<PageOutcome | DocumentOutcome>,
  ): Promise<Settled<PageOutcome | DocumentOutcome>> {
    const { policy, limits, random, clock, retryBudget } = this.#options;
    const { deadline, conflictBudget } = call;
    if (deadline.signal.aborted) return interrupted(deadline);
    let attempt = 0;
    let transientRetries = 0;
    let waitMs = 0;
    for (;;) {
      attempt += 1;
      const result = await this.#attempt(call, where, { attempt, waitMs }, send);
      if (result.kind === "interrupted") return interrupted(deadline);
      const { outcome, failureKind } = result;
      if (failureKind === undefined) {
        // An answer (or forbidden): whatever the memory held about a rebuild is over.
        this.#settle(() => this.#options.reindexMemory.forget(call.collectionId));
        return outcome as Settled<PageOutcome | DocumentOutcome>;
      }
      const failure = outcome as BackendFailure;
      if (failure.kind === "stale_continuation") {
        return { kind: "stale_continuation", reason: describeFailure(failure) };
      }
      // The memory is read before the decision, which stays synchronous; only a rebuild needs it.
      const reindexing =
        failure.kind === "rebuilding" && (await this.#isReindexing(call.collectionId));
      const decision = decideRetry(
        {
          failure,
          attempt,
          transientRetries,
          conflictBudget,
          reindexing,
          remainingMs: deadline.remaining(),
          retryBudgetHasRoom: retryBudget.hasRoom(),
        },
        { policy, conflictWaitMs: limits.conflictWaitMs, random },
      );
      if ("giveUp" in decision) {
        const { reindexMemory } = this.#options;
        this.#settle(() =>
          failure.kind === "rebuilding"
            ? reindexMemory.remember(call.collectionId, policy.reindexMemoryMs)
            : reindexMemory.forget(call.collectionId),
        );
        return { kind: "unavailable", failure: failureKind, reason: decision.giveUp };
      }
      // hasRoom() was read synchronously above: take the retry it allowed.
      retryBudget.recordRetry();
      conflictBudget.waitedMs += decision.charge.conflictWaitedMs;
      conflictBudget.retries += decision.charge.conflictRetries;
      transientRetries += decision.charge.transientRetries;
      waitMs = decision.waitMs;
      try {
        await clock.sleep(waitMs, deadline.signal);
      } catch {
        return interrupted(deadline);
      }
    }
  }

  /** One attempt: its slot, its signal, its trace row and span, its outcome checked. */
  async #attempt(
    call: CollectionCall,
    where: Pick<TraceRequest, "kind" | "page">,
    { attempt, waitMs }: { attempt: number; waitMs: number },
    send: (attempt: BackendAttempt) => Promise<PageOutcome | DocumentOutcome>,
  ): Promise<
    | { kind: "answered"; outcome: PageOutcome | DocumentOutcome; failureKind?: FailureKind }
    | { kind: "interrupted" }
  > {
    const { clock, policy, limits, backend } = this.#options;
    const { deadline } = call;
    const queued = clock.now();
    let release: () => void;
    try {
      release = await this.#options.inFlight.acquire(deadline.signal);
    } catch {
      return { kind: "interrupted" };
    }
    const queuedMs = clock.now() - queued;
    // The budget counts first attempts made, not asked for: one that never got a slot before the
    // deadline sent nothing, and must not make room for another request's retries.
    if (attempt === 1) this.#options.retryBudget.recordFirstAttempt();
    // The attempt's own timeout, so one hung request does not eat the whole deadline.
    const timeoutMs = Math.max(1, Math.min(policy.attemptTimeoutMs, deadline.remaining()));
    const endsAtDeadline = deadline.remaining() <= policy.attemptTimeoutMs;
    const timeout = new AbortController();
    const cancelTimer = clock.setTimer(
      () => timeout.abort(new DOMException("The attempt timed out", "TimeoutError")),
      timeoutMs,
    );
    const signal = attemptSignal([timeout.signal, deadline.signal]);
    const startedAt = clock.now();
    const row = call.trace.attempt({
      collectionId: call.collectionId,
      area: call.area,
      ...where,
      attempt,
      waitMs: round(waitMs),
      ...(queuedMs > 0.5 ? { queuedMs: round(queuedMs) } : {}),
      backend: backend.name,
    });
    const details: AttemptDetails = {};
    const backendAttempt: BackendAttempt = {
      caller: call.caller,
      signal: signal.signal,
      limits,
      timeLeftMs: () => Math.max(0, timeoutMs - (clock.now() - startedAt)),
      annotate: (next) => {
        if (next.status !== undefined) details.status = next.status;
        if (next.bytes !== undefined) details.bytes = next.bytes;
        if (next.attributes !== undefined) {
          details.attributes = { ...details.attributes, ...next.attributes };
          row.annotate(next.attributes);
        }
        if (next.note !== undefined)
          call.trace.noteOnce(
            `collection ${call.collectionId} (${call.area}): ${next.note.slice(0, 500)}`,
          );
      },
    };
    try {
      let outcome: PageOutcome | DocumentOutcome;
      let thrown: unknown;
      try {
        // Raced against the signal: a backend that ignores it cannot hold the call.
        outcome = await row.run(() =>
          raceSignal(
            Promise.resolve().then(() => send(backendAttempt)),
            signal.signal,
            () => {},
          ),
        );
      } catch (error) {
        thrown = error;
        outcome = { kind: "transient" };
      }
      if (signal.signal.aborted) {
        // Whatever the backend made of it, the signal decides: the caller, the deadline, or the
        // attempt's own timeout (retried like any transient fault).
        // A status the engine already sent (headers before a stalled body) stays the row's.
        const status = details.status ?? (deadline.callerAborted ? "aborted" : "timeout");
        const failure: FailureKind = deadline.callerAborted
          ? "aborted"
          : deadline.signal.aborted || endsAtDeadline
            ? "deadline"
            : "timeout";
        row.end(status, { failure });
        if (failure !== "timeout") return { kind: "interrupted" };
        return {
          kind: "answered",
          outcome: { kind: "transient", reason: "timed out" },
          failureKind: "timeout",
        };
      }
      if (thrown !== undefined) {
        const reason = describeThrown(thrown, call.caller);
        row.end("error", { failure: "unexpected", thrown: reason });
        return {
          kind: "answered",
          outcome: { kind: "transient", reason },
          failureKind: "unexpected",
        };
      }
      const failureKind = failureKindOf(outcome, details.status);
      const status = details.status ?? outcome.kind;
      const redirectOrigin = details.attributes?.["search_docs.redirect_origin"];
      row.end(status, {
        ...(failureKind === undefined ? {} : { failure: failureKind }),
        ...(details.bytes === undefined ? {} : { bytes: details.bytes }),
        ...(typeof redirectOrigin === "string" ? { redirectOrigin } : {}),
      });
      return { kind: "answered", outcome, ...(failureKind === undefined ? {} : { failureKind }) };
    } finally {
      // Every way out of the attempt frees its slot and lets go of what is still in flight.
      cancelTimer();
      signal.dispose();
      release();
    }
  }

  /** A memory that fails (a shared store down) counts as remembering nothing. */
  async #isReindexing(collectionId: string): Promise<boolean> {
    try {
      return (await this.#options.reindexMemory.isReindexing(collectionId)) === true;
    } catch {
      return false;
    }
  }

  /**
   * Runs a reindex-memory update without waiting for it: the answer never waits on the memory,
   * and a lost update only costs a later call one probe or one wait.
   */
  #settle(update: () => void | Promise<void>): void {
    try {
      Promise.resolve(update()).catch(() => {});
    } catch {
      // As above: the memory is an optimisation.
    }
  }
}

function interrupted(deadline: Deadline): {
  kind: "unavailable";
  failure: FailureKind;
  reason: string;
} {
  return deadline.callerAborted
    ? { kind: "unavailable", failure: "aborted", reason: "aborted by the caller" }
    : { kind: "unavailable", failure: "deadline", reason: "the call's deadline passed" };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
