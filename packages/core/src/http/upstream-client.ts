import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type { z } from "zod";
import type { Limits } from "../limits.js";
import { parseRetryAfter } from "../retry/parse-retry-after.js";
import type { ReindexMemory } from "../retry/reindex-memory.js";
import type { RetryBudget } from "../retry/retry-budget.js";
import { backoffDelay, type RetryPolicy } from "../retry/retry-policy.js";
import type { TraceRequest } from "../trace/trace.js";
import type { TraceRecorder } from "../trace/trace-recorder.js";
import type { Clock, Random } from "../util/clock.js";
import type { Deadline } from "../util/deadline.js";
import { documentSchema, type SearchPage, searchPageSchema, type WireDocument } from "./wire.js";

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

/** Shared by every page of one collection's walk: the 409 wait budget is per collection. */
export interface CollectionBudget {
  conflictWaitedMs: number;
  conflictRetries: number;
}

export interface UpstreamRequestContext {
  collectionId: string;
  area: string;
  headers: Record<string, string>;
  deadline: Deadline;
  trace: TraceRecorder;
  budget: CollectionBudget;
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
}

/** Per request: what the retry decision knows and what the trace needs. */
interface RequestState {
  attempt: number;
  transientRetries: number;
  nextWaitMs: number;
  giveUpReason?: string;
}

/**
 * The backend's HTTP surface, through ky: ky sends, times out each attempt, sleeps between
 * attempts (abort-aware) and re-issues; `shouldRetry` below decides, with this project's policy,
 * whether and how long. Every attempt is recorded in the trace by wrapping `fetch`.
 */
export class UpstreamClient {
  readonly #http: KyInstance;
  readonly #options: UpstreamClientOptions;

  constructor(options: UpstreamClientOptions) {
    this.#options = options;
    this.#http = ky.create({
      prefix: options.baseUrl.replace(/\/+$/, ""),
      throwHttpErrors: true,
      // Responses are read once here; the default `Accept` is fine for the JSON API.
      headers: { accept: "application/json" },
    });
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
      const started = clock.now();
      const record = (status: TraceRequest["status"]) =>
        context.trace.request({
          collectionId,
          area: context.area,
          ...where,
          attempt: state.attempt,
          status,
          waitMs: round(waitMs),
          latencyMs: round(clock.now() - started),
        });
      // The injected fetch gets a URL string and a plain init, as most fetch wrappers and test
      // doubles expect, rather than ky's Request object.
      const request = input instanceof Request ? input : new Request(input, init);
      try {
        const response = await this.#options.fetch(request.url, {
          method: request.method,
          headers: Object.fromEntries(request.headers),
          signal: request.signal,
        });
        record(response.status);
        return response;
      } catch (error) {
        record(deadline.callerAborted ? "aborted" : request.signal.aborted ? "timeout" : "network");
        throw error;
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
          // The policy below is the real limit; this only guards against a runaway loop.
          limit: 64,
          methods: ["get"],
          statusCodes: [409, ...policy.transientStatusCodes],
          afterStatusCodes: [],
          retryOnTimeout: true,
          delay: () => state.nextWaitMs,
          shouldRetry: ({ error }) => this.#shouldRetry(error, state, context),
        },
      });
    } catch (error) {
      return this.#classifyFailure(error, state, context);
    }

    reindexMemory.forget(collectionId);
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

  /** The retry decision: true retries after `state.nextWaitMs`; false gives up at once. */
  #shouldRetry(error: Error, state: RequestState, context: UpstreamRequestContext): boolean {
    const { policy, limits, random, reindexMemory, retryBudget } = this.#options;
    const { deadline, collectionId, budget } = context;
    if (deadline.signal.aborted) return false;
    const remaining = deadline.remaining();
    const response = isHTTPError(error) ? error.response : undefined;
    const status = response?.status;
    const retryAfter =
      response && policy.retryAfterStatusCodes.includes(response.status)
        ? parseRetryAfter(response.headers.get("retry-after"), this.#options.clock.epochMs())
        : undefined;

    let waitMs: number;
    if (status === 409) {
      // 409: the collection is being reindexed (~90 s after a deploy); wait within its budget.
      if (reindexMemory.isReindexing(collectionId)) {
        state.giveUpReason = "reindexing (409), still within the remembered reindex window";
        return false;
      }
      const budgetLeft = limits.conflictWaitMs - budget.conflictWaitedMs;
      const backoff = {
        retry: budget.conflictRetries + 1,
        baseMs: policy.conflictBaseDelayMs,
        capMs: policy.maxDelayMs,
      };
      waitMs = retryAfter ?? Math.min(budgetLeft, backoffDelay({ ...backoff, random }));
      if (budgetLeft <= 0 || waitMs > budgetLeft) {
        state.giveUpReason = `reindexing (409) past its ${limits.conflictWaitMs} ms wait budget`;
        return false;
      }
      // Each retry is charged at least its backoff ceiling: a `Retry-After: 0` or a tiny jitter
      // draw must not turn the wait budget into a tight loop against a collection being rebuilt.
      budget.conflictWaitedMs += Math.max(waitMs, backoffDelay({ ...backoff, random: () => 1 }));
      budget.conflictRetries += 1;
    } else if (isTransient(error, status, policy)) {
      if (state.transientRetries + 1 >= policy.transientAttempts) return false;
      waitMs =
        retryAfter ??
        backoffDelay({
          retry: state.transientRetries + 1,
          baseMs: policy.baseDelayMs,
          capMs: policy.maxDelayMs,
          random,
        });
      state.transientRetries += 1;
    } else {
      return false;
    }

    if (waitMs >= remaining) {
      // Retry-After is authoritative, so a wait that does not fit the deadline means giving up now.
      state.giveUpReason = `${describe(error, status)}: a ${round(waitMs)} ms wait does not fit the ${round(remaining)} ms left`;
      return false;
    }
    if (!retryBudget.tryAcquireRetry()) {
      state.giveUpReason = `${describe(error, status)}: the process-wide retry budget is spent`;
      return false;
    }
    state.nextWaitMs = waitMs;
    return true;
  }

  #classifyFailure<Body>(
    error: unknown,
    state: RequestState,
    context: UpstreamRequestContext,
  ): UpstreamResult<Body> {
    const { reindexMemory } = this.#options;
    if (isHTTPError(error)) {
      const status = error.response.status;
      if (status === 409) reindexMemory.remember(context.collectionId);
      else reindexMemory.forget(context.collectionId);
      if (status === 404) return { kind: "not_found" };
      if (status === 403) return { kind: "forbidden" };
      if (status === 400) return { kind: "rejected", reason: "bad request (400)" };
      const attempts = state.attempt === 1 ? "1 attempt" : `${state.attempt} attempts`;
      return {
        kind: "unavailable",
        reason: state.giveUpReason ?? `${describe(error, status)} after ${attempts}`,
      };
    }
    if (context.deadline.signal.aborted) {
      return { kind: "unavailable", reason: abortReason(context.deadline) };
    }
    return {
      kind: "unavailable",
      reason: state.giveUpReason ?? `${describe(error, undefined)} after ${state.attempt} attempts`,
    };
  }
}

function isTransient(error: Error, status: number | undefined, policy: RetryPolicy): boolean {
  if (status !== undefined) return policy.transientStatusCodes.includes(status);
  return isTimeoutError(error) || isNetworkError(error);
}

function describe(error: unknown, status: number | undefined): string {
  if (status === 409) return "reindexing (409)";
  if (status === 429) return "load shedding (429)";
  if (status === 401) return "unauthorized (401): the caller's credentials were refused";
  if (status !== undefined && status >= 500) return `server error (${status})`;
  if (status !== undefined) return `unexpected status ${status}`;
  if (isTimeoutError(error)) return "timed out";
  if (isNetworkError(error)) return "network error";
  return error instanceof Error ? `request failed (${error.name})` : "request failed";
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
