import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type { z } from "zod";
import type { Limits } from "../limits.js";
import { type AttemptOutcome, describeOutcome } from "../retry/attempt-outcome.js";
import { type ConflictBudget, decideRetry } from "../retry/decide-retry.js";
import type { ReindexMemory } from "../retry/reindex-memory.js";
import type { RetryBudget } from "../retry/retry-budget.js";
import type { RetryPolicy } from "../retry/retry-policy.js";
import { statusMeaning } from "../retry/status-table.js";
import type { TraceRequest } from "../trace/trace.js";
import type { TraceRecorder } from "../trace/trace-recorder.js";
import type { Clock, Random } from "../util/clock.js";
import type { Deadline } from "../util/deadline.js";
import type { InFlightLimit } from "./in-flight-limit.js";
import { documentSchema, type SearchPage, searchPageSchema, type WireDocument } from "./wire.js";

// Low-cardinality names of the two endpoints, for spans (the ids vary, the shape does not).
const searchTemplate = "/v2/collections/{collection_id}/documents/search";
const documentTemplate = "/v2/collections/{collection_id}/documents/{document_id}";

/** What one upstream read came to, after retries: the four outcomes the client acts on. */
export type UpstreamResult<Body> =
  | { kind: "ok"; body: Body }
  /** 404: nothing matched (search) or no such document: an ordinary outcome, never retried. */
  | { kind: "not_found" }
  /** 403: this caller can never read it. Never retried. */
  | { kind: "forbidden" }
  /** 400: the backend refused the request as sent; mid-walk, that means a stale cursor. */
  | { kind: "rejected"; reason: string }
  | { kind: "unavailable"; reason: string };

/** One collection within one call: whose credentials, which deadline, which trace. */
export interface CollectionCall {
  collectionId: string;
  area: string;
  headers: Record<string, string>;
  deadline: Deadline;
  trace: TraceRecorder;
}

/**
 * What every request for one collection within one call shares, made by
 * `UpstreamClient.collectionContext`: the collection's 409 wait budget lives here, kept by the
 * client, so every page of a walk draws on one budget.
 */
export interface UpstreamRequestContext extends Readonly<CollectionCall> {
  readonly conflictBudget: ConflictBudget;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  clock: Clock;
  random: Random;
  policy: RetryPolicy;
  limits: Limits;
  retryBudget: RetryBudget;
  reindexMemory: ReindexMemory;
  /** The process-wide bound on requests in flight to the backend's origin. */
  inFlight: InFlightLimit;
}

/** Per request: what the retry decision knows and what the trace needs. */
interface RequestState {
  attempt: number;
  transientRetries: number;
  nextWaitMs: number;
  giveUpReason?: string;
}

/**
 * The backend's HTTP surface, through ky: ky sends, times out each attempt and re-issues;
 * `shouldRetry` asks the pure `decideRetry` whether and how long, and the `beforeRetry` hook
 * waits that long on the injected clock (ky's own delay is 0). Every attempt is recorded in the
 * trace by wrapping `fetch`.
 */
export class UpstreamClient {
  readonly #http: KyInstance;
  readonly #options: UpstreamClientOptions;
  /** The base URL's own path, before `/v2`, for the spans' URL templates. */
  readonly #pathPrefix: string;

  constructor(options: UpstreamClientOptions) {
    this.#options = options;
    this.#pathPrefix = new URL(options.baseUrl).pathname.replace(/\/+$/, "");
    this.#http = ky.create({
      prefix: options.baseUrl.replace(/\/+$/, ""),
      throwHttpErrors: true,
      // Responses are read once here; the default `Accept` is fine for the JSON API.
      headers: { accept: "application/json" },
    });
  }

  /** A fresh context for one collection's requests within one call, with a full 409 budget. */
  collectionContext(call: CollectionCall): UpstreamRequestContext {
    return { ...call, conflictBudget: { waitedMs: 0, retries: 0 } };
  }

  searchPage(
    context: UpstreamRequestContext,
    { query, cursor, page }: { query: string; cursor: string | undefined; page: number },
  ): Promise<UpstreamResult<SearchPage>> {
    const searchParams: Record<string, string> = {
      query,
      page_size: "20",
      sort: "relevance",
    };
    if (cursor !== undefined) searchParams.cursor = cursor;
    const collection = pathSegment(context.collectionId);
    if (collection === undefined) return Promise.resolve(unrequestable("collection id"));
    return this.#get(
      context,
      `v2/collections/${collection}/documents/search`,
      searchParams,
      searchPageSchema,
      { kind: "search", page },
    );
  }

  document(
    context: UpstreamRequestContext,
    documentId: string,
  ): Promise<UpstreamResult<WireDocument>> {
    const collection = pathSegment(context.collectionId);
    const document = pathSegment(documentId);
    if (collection === undefined) return Promise.resolve(unrequestable("collection id"));
    if (document === undefined) return Promise.resolve(unrequestable("document id"));
    return this.#get(
      context,
      `v2/collections/${collection}/documents/${document}`,
      {},
      documentSchema,
      { kind: "document", page: 1 },
    );
  }

  async #get<Body>(
    context: UpstreamRequestContext,
    path: string,
    searchParams: Record<string, string>,
    schema: z.ZodType<Body>,
    where: Pick<TraceRequest, "kind" | "page">,
  ): Promise<UpstreamResult<Body>> {
    const { deadline, collectionId } = context;
    const { policy, clock, reindexMemory, retryBudget } = this.#options;
    const state: RequestState = { attempt: 0, transientRetries: 0, nextWaitMs: 0 };
    if (deadline.signal.aborted) return { kind: "unavailable", reason: abortReason(deadline) };
    retryBudget.recordFirstAttempt();

    const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      state.attempt += 1;
      const waitMs = state.nextWaitMs;
      state.nextWaitMs = 0;
      // The injected fetch gets a URL string and a plain init, as most fetch wrappers and test
      // doubles expect, rather than ky's Request object.
      const request = input instanceof Request ? input : new Request(input, init);
      const queued = clock.now();
      const release = await this.#options.inFlight.acquire(request.signal);
      const queuedMs = clock.now() - queued;
      const attempt = context.trace.attempt({
        collectionId,
        area: context.area,
        ...where,
        attempt: state.attempt,
        waitMs: round(waitMs),
        ...(queuedMs > 0.5 ? { queuedMs: round(queuedMs) } : {}),
        method: request.method,
        url: request.url,
        urlTemplate:
          this.#pathPrefix + (where.kind === "search" ? searchTemplate : documentTemplate),
      });
      try {
        const response = await attempt.run(() =>
          this.#options.fetch(request.url, {
            method: request.method,
            headers: Object.fromEntries(request.headers),
            signal: request.signal,
          }),
        );
        attempt.end(response.status);
        return response;
      } catch (error) {
        attempt.end(
          deadline.callerAborted ? "aborted" : request.signal.aborted ? "timeout" : "network",
        );
        throw error;
      } finally {
        release();
      }
    };

    let response: Response;
    try {
      response = await this.#http.get(path, {
        searchParams,
        headers: context.headers,
        signal: deadline.signal,
        fetch: recordingFetch,
        timeout: Math.max(1, Math.min(policy.attemptTimeoutMs, deadline.remaining())),
        totalTimeout: Math.max(1, deadline.remaining()),
        retry: {
          // The decision below is the real limit; this only guards against a runaway loop.
          limit: 64,
          methods: ["get"],
          // shouldRetry answers every case, so ky's own status lists are never consulted.
          shouldRetry: ({ error }) => this.#shouldRetry(error, state, context),
          // ky's timer waits nothing: the wait happens in beforeRetry, on the injected clock.
          delay: () => 0,
        },
        hooks: { beforeRetry: [() => clock.sleep(state.nextWaitMs, deadline.signal)] },
      });
    } catch (error) {
      return this.#classifyFailure(error, state, context);
    }

    settle(() => reindexMemory.forget(collectionId));
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return { kind: "unavailable", reason: "malformed body: not JSON" };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue?.path.length ? issue.path.join(".") : "body";
      return {
        kind: "unavailable",
        reason: `malformed body: ${at}: ${issue?.message ?? "invalid"}`,
      };
    }
    return { kind: "ok", body: parsed.data };
  }

  /** Asks the pure decision; true retries after `state.nextWaitMs`, false gives up at once. */
  async #shouldRetry(
    error: Error,
    state: RequestState,
    context: UpstreamRequestContext,
  ): Promise<boolean> {
    const { policy, limits, random, clock, retryBudget } = this.#options;
    const { deadline, conflictBudget } = context;
    if (deadline.signal.aborted) return false;
    const outcome = attemptOutcome(error);
    // The memory is read before the decision, which stays synchronous; only a 409 needs it.
    const reindexing =
      outcome.kind === "response" &&
      statusMeaning(outcome.status, policy.transientStatusCodes) === "conflict" &&
      (await this.#isReindexing(context.collectionId));
    const decision = decideRetry(
      {
        outcome,
        attempt: state.attempt,
        transientRetries: state.transientRetries,
        conflictBudget,
        reindexing,
        remainingMs: deadline.remaining(),
        epochMs: clock.epochMs(),
        retryBudgetHasRoom: retryBudget.hasRoom(),
      },
      { policy, conflictWaitMs: limits.conflictWaitMs, random },
    );
    if ("giveUp" in decision) {
      state.giveUpReason = decision.giveUp;
      return false;
    }
    // hasRoom() was read synchronously above: take the retry it allowed.
    retryBudget.recordRetry();
    conflictBudget.waitedMs += decision.charge.conflictWaitedMs;
    conflictBudget.retries += decision.charge.conflictRetries;
    state.transientRetries += decision.charge.transientRetries;
    state.nextWaitMs = decision.waitMs;
    return true;
  }

  /** A memory that fails (a shared store down) counts as remembering nothing. */
  async #isReindexing(collectionId: string): Promise<boolean> {
    try {
      return (await this.#options.reindexMemory.isReindexing(collectionId)) === true;
    } catch {
      return false;
    }
  }

  #classifyFailure<Body>(
    error: unknown,
    state: RequestState,
    context: UpstreamRequestContext,
  ): UpstreamResult<Body> {
    const { reindexMemory, policy } = this.#options;
    const { collectionId, deadline } = context;
    if (isHTTPError(error)) {
      const status = error.response.status;
      const meaning = statusMeaning(status, policy.transientStatusCodes);
      if (meaning === "conflict") {
        settle(() => reindexMemory.remember(collectionId, policy.reindexMemoryMs));
      } else {
        settle(() => reindexMemory.forget(collectionId));
      }
      if (meaning === "not_found") return { kind: "not_found" };
      if (meaning === "forbidden") return { kind: "forbidden" };
      if (meaning === "rejected") {
        return { kind: "rejected", reason: describeOutcome(attemptOutcome(error)) };
      }
    } else if (deadline.signal.aborted) {
      return { kind: "unavailable", reason: abortReason(deadline) };
    }
    return {
      kind: "unavailable",
      reason: state.giveUpReason ?? describeOutcome(attemptOutcome(error), state.attempt),
    };
  }
}

/** The ky error of a failed attempt, as the retry decision sees it. */
function attemptOutcome(error: unknown): AttemptOutcome {
  if (isHTTPError(error)) {
    return { kind: "response", status: error.response.status, headers: error.response.headers };
  }
  if (isTimeoutError(error)) return { kind: "timeout" };
  if (isNetworkError(error)) return { kind: "network" };
  return { kind: "failed", name: error instanceof Error ? error.name : "error" };
}

/**
 * Runs a reindex-memory update without waiting for it: the answer never waits on the memory,
 * and a lost update only costs a later call one probe or one wait.
 */
function settle(update: () => void | Promise<void>): void {
  try {
    Promise.resolve(update()).catch(() => {});
  } catch {
    // As above: the memory is an optimisation.
  }
}

/**
 * An id as one URL path segment, or undefined when it cannot be one: "." and ".." (the URL parser
 * resolves them, so the request would leave the collection) and text with lone surrogates
 * (encodeURIComponent throws on it). Such an id came from a malformed response or configuration.
 */
function pathSegment(id: string): string | undefined {
  if (id === "." || id === "..") return undefined;
  try {
    return encodeURIComponent(id);
  } catch {
    return undefined;
  }
}

function unrequestable(what: string): UpstreamResult<never> {
  return { kind: "unavailable", reason: `malformed ${what}: not a URL path segment` };
}

function abortReason(deadline: Deadline): string {
  return deadline.callerAborted ? "aborted by the caller" : "the call's deadline passed";
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
