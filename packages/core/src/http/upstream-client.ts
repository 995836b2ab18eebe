import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type { Limits } from "../limits.js";
import { type AttemptOutcome, describeOutcome, failureOf } from "../retry/attempt-outcome.js";
import { type ConflictBudget, decideRetry } from "../retry/decide-retry.js";
import type { ReindexMemory } from "../retry/reindex-memory.js";
import type { RetryBudget } from "../retry/retry-budget.js";
import type { RetryPolicy } from "../retry/retry-policy.js";
import { statusMeaning } from "../retry/status-table.js";
import type { FailureKind, TraceRequest } from "../trace/trace.js";
import type { TraceRecorder } from "../trace/trace-recorder.js";
import type { Clock, Random } from "../util/clock.js";
import type { Deadline } from "../util/deadline.js";
import { raceSignal } from "../util/race-signal.js";
import { AttemptError } from "./attempt-error.js";
import { attemptSignal } from "./attempt-signal.js";
import type { InFlightLimit } from "./in-flight-limit.js";
import { readBody } from "./read-body.js";
import {
  documentReader,
  type SearchPage,
  searchPageReader,
  type WireDocument,
  type WireReader,
} from "./wire.js";

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
  | { kind: "unavailable"; failure: FailureKind; reason: string };

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
  /** The last failed attempt, as the decision saw it: its failure kind is the collection's. */
  lastOutcome?: AttemptOutcome;
  /** The current attempt's timeout is the time left before the deadline. */
  attemptEndsAtDeadline?: boolean;
}

/**
 * The backend's HTTP surface, through ky: ky sends, times out each attempt and re-issues;
 * `shouldRetry` asks the pure `decideRetry` whether and how long, and the `beforeRetry` hook
 * waits that long on the injected clock (ky's own delay is 0). The `fetch` ky calls is wrapped:
 * it records each attempt in the trace and resolves only once the body is read whole, bounded
 * by `limits.responseBytes` and raced against the call's signal, so ky's per-attempt timeout and
 * its retry path cover the body too. Redirects are never followed.
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
      searchPageReader,
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
      documentReader,
      { kind: "document", page: 1 },
    );
  }

  async #get<Body>(
    context: UpstreamRequestContext,
    path: string,
    searchParams: Record<string, string>,
    reader: WireReader<Body>,
    where: Pick<TraceRequest, "kind" | "page">,
  ): Promise<UpstreamResult<Body>> {
    const { deadline, collectionId } = context;
    const { policy, clock, reindexMemory, retryBudget, limits } = this.#options;
    const state: RequestState = { attempt: 0, transientRetries: 0, nextWaitMs: 0 };
    if (deadline.signal.aborted) return abortedResult(deadline);
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
      const transport = attemptSignal([request.signal, deadline.signal]);
      try {
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
        // Ended once, when the headers failed, or when the body was read (or failed to be).
        const record = attempt.end;
        // When less than an attempt's timeout is left, ky's attempt timer is the deadline's: the
        // two fire together, in either order, and either way it is the deadline that passed.
        state.attemptEndsAtDeadline = deadline.remaining() <= policy.attemptTimeoutMs;
        const interrupted = (): { status: TraceRequest["status"]; failure: FailureKind } =>
          deadline.callerAborted
            ? { status: "aborted", failure: "aborted" }
            : deadline.signal.aborted || (request.signal.aborted && state.attemptEndsAtDeadline)
              ? { status: "timeout", failure: "deadline" }
              : request.signal.aborted
                ? { status: "timeout", failure: "timeout" }
                : { status: "network", failure: "network" };

        let response: Response;
        try {
          response = await attempt.run(() =>
            raceSignal(
              this.#options.fetch(request.url, {
                method: request.method,
                headers: Object.fromEntries(request.headers),
                signal: transport.signal,
                // A redirect is the backend's answer, not an instruction: followed, the caller's
                // headers could reach another origin, and a loop would spin outside the retry budget.
                redirect: "manual",
              }),
              transport.signal,
              cancelBody,
            ),
          );
        } catch (error) {
          const { status, failure } = interrupted();
          record(status, { failure });
          throw error;
        }

        const redirect = redirectOf(response, request.url);
        if (redirect !== undefined) {
          cancelBody(response);
          record(redirect.status, {
            failure: "redirect",
            redirectOrigin: redirect.origin ?? "unnamed",
          });
          throw new AttemptError(redirect);
        }
        if (!response.ok) {
          // Error bodies are never read: nothing in them changes what the client does, and ky
          // would otherwise read one (up to 10 MB) before the retry decision runs.
          cancelBody(response);
          const meaning = statusMeaning(response.status, policy.transientStatusCodes);
          record(
            response.status,
            meaning === "not_found" || meaning === "forbidden"
              ? {}
              : {
                  failure: failureOf({
                    kind: "response",
                    status: response.status,
                    headers: response.headers,
                  }),
                },
          );
          return new Response(null, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
          });
        }
        try {
          const bytes = await readBody(response, {
            maxBytes: limits.responseBytes,
            signals: [request.signal, deadline.signal],
          });
          record(response.status, { bytes: bytes.byteLength });
          return new Response(bytes.byteLength === 0 ? null : bytes, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
          });
        } catch (error) {
          record(response.status, {
            failure: AttemptError.isInstance(error)
              ? failureOf(error.outcome)
              : interrupted().failure,
          });
          throw error;
        }
      } finally {
        // Every way out of the attempt frees its slot of the origin's in-flight bound.
        transport.dispose();
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
    // The body is already in memory: the attempt read it, bounded.
    const reading = reader.read(await response.text(), limits);
    if (!reading.ok)
      return { kind: "unavailable", failure: reading.failure, reason: reading.reason };
    return { kind: "ok", body: reading.body };
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
    state.lastOutcome = outcome;
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
    const outcome = attemptOutcome(error);
    if (outcome.kind === "response") {
      const meaning = statusMeaning(outcome.status, policy.transientStatusCodes);
      if (meaning === "conflict") {
        settle(() => reindexMemory.remember(collectionId, policy.reindexMemoryMs));
      } else {
        settle(() => reindexMemory.forget(collectionId));
      }
      if (meaning === "not_found") return { kind: "not_found" };
      if (meaning === "forbidden") return { kind: "forbidden" };
      if (meaning === "rejected") return { kind: "rejected", reason: describeOutcome(outcome) };
    } else if (
      deadline.signal.aborted ||
      (outcome.kind === "timeout" && state.attemptEndsAtDeadline === true)
    ) {
      return abortedResult(deadline);
    }
    return {
      kind: "unavailable",
      failure: failureOf(state.lastOutcome ?? outcome),
      reason: state.giveUpReason ?? describeOutcome(outcome, state.attempt),
    };
  }
}

/** The ky error of a failed attempt, as the retry decision sees it. */
function attemptOutcome(error: unknown): AttemptOutcome {
  if (AttemptError.isInstance(error)) return error.outcome;
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
  return {
    kind: "unavailable",
    failure: "malformed",
    reason: `malformed ${what}: not a URL path segment`,
  };
}

function abortedResult(deadline: Deadline): UpstreamResult<never> {
  return deadline.callerAborted
    ? { kind: "unavailable", failure: "aborted", reason: "aborted by the caller" }
    : { kind: "unavailable", failure: "deadline", reason: "the call's deadline passed" };
}

/**
 * A response that redirects: any 3xx, a browser's opaque redirect (status 0, no headers), or a
 * response some injected fetch reached by following one anyway. Undefined for any other.
 */
function redirectOf(
  response: Response,
  requestUrl: string,
): Extract<AttemptOutcome, { kind: "redirect" }> | undefined {
  if (response.type === "opaqueredirect") return { kind: "redirect", status: response.status };
  if (response.redirected) {
    return {
      kind: "redirect",
      status: response.status,
      origin: originOf(response.url, requestUrl),
    };
  }
  if (response.status < 300 || response.status > 399) return undefined;
  const location = response.headers.get("location");
  return {
    kind: "redirect",
    status: response.status,
    origin: location === null ? undefined : originOf(location, requestUrl),
  };
}

/** Where a URL points, as an origin only: its path and query may carry data. */
function originOf(url: string, base: string): string | undefined {
  try {
    const { origin } = new URL(url, base);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

function cancelBody(response: Response): void {
  void response.body?.cancel().catch(() => {});
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
