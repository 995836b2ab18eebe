import type * as z from "zod/mini";
import { InFlightLimit, sharedInFlightLimit } from "./backend/in-flight-limit.js";
import type { SearchBackend } from "./backend/search-backend.js";
import type { Caller } from "./contract/caller.js";
import {
  type Contract,
  createContract,
  type DocumentOutput,
  descriptions,
  type SearchOutput,
} from "./contract/contract.js";
import { runGetDocument } from "./document/run-get-document.js";
import { type Limits, resolveLimits } from "./limits.js";
import { MemoryRefStore } from "./refs/memory-ref-store.js";
import { RefRegistry } from "./refs/ref-registry.js";
import type { RefStore } from "./refs/ref-store.js";
import { lexicalRerankerOf } from "./rerank/lexical-reranker-of.js";
import type { Reranker } from "./rerank/reranker.js";
import { rerankerFor } from "./rerank/reranker-for.js";
import { MemoryReindexMemory } from "./retry/memory-reindex-memory.js";
import type { ReindexMemory } from "./retry/reindex-memory.js";
import { defaultRetryBudgetOptions, RetryBudget, sharedRetryBudget } from "./retry/retry-budget.js";
import { defaultRetryPolicy, type RetryPolicy } from "./retry/retry-policy.js";
import { runSearch } from "./search/run-search.js";
import { BackendSession } from "./session/backend-session.js";
import type { DocsEngine } from "./session/docs-engine.js";
import { defaultPagingPolicy, type PagingPolicy } from "./session/paging-policy.js";
import type { TelemetryOptions } from "./trace/tool-span.js";
import type { OnTrace, OnUnauthorized, Trace } from "./trace/trace.js";
import { type Clock, type Random, systemClock } from "./util/clock.js";
import { loadV2Backend } from "./v2/load-v2-backend.js";
import { validateOptions } from "./validate-docs-search-options.js";

/**
 * The search, over one backend: `backend` (Elasticsearch, Postgres, a folder, a LangChain
 * retriever, yours) or `baseUrl`, the shorthand for the v2 API's backend. One of the two.
 */
export interface DocsSearchOptions<AreaName extends string = string> {
  /** The engine to read: see `SearchBackend` and packages/core/docs/backends.md. */
  backend?: SearchBackend;
  /** The v2 API's backend: where it lives, `${baseUrl}/v2/collections/...`. */
  baseUrl?: string;
  /** The fetch the v2 backend sends with (`baseUrl`); with `backend`, give it to the backend. */
  fetch?: typeof globalThis.fetch;
  /**
   * Area name → the backend's collection ids (v2 collection ids, Elasticsearch indices or
   * aliases, Postgres `collection_id` values, folders). The names, in this order, become the
   * model's `area` enum.
   */
  areas: Record<AreaName, readonly string[]>;
  /** The docs portal; refs are paths under it (`docs.refUrl(ref)`). */
  portalUrl?: string;
  refStore?: RefStore;
  reranker?: Reranker;
  /** Adds `prefer: "relevance" | "recent"` to search_docs: the one sort the model may choose. */
  recency?: boolean;
  /** Receives every call's trace. Errors it throws are ignored. */
  onTrace?: OnTrace;
  /**
   * Called when the backend refused the caller's credentials (401) during a call: re-authenticate
   * the user. The model still reads `unavailable`; the trace's `failures` say `unauthorized`.
   */
  onUnauthorized?: OnUnauthorized;
  limits?: Partial<Limits>;
  retry?: Partial<RetryPolicy>;
  paging?: Partial<PagingPolicy>;
  /**
   * Defaults to one budget per backend shared by the whole process (for `baseUrl`, per origin).
   */
  retryBudget?: RetryBudget;
  /**
   * Defaults to one bound per backend shared by the whole process (for `baseUrl`, per origin;
   * 256 attempts in flight, `defaultInFlightLimitOptions`); pass one `InFlightLimit` to several
   * instances to share another.
   */
  inFlightLimit?: InFlightLimit;
  /**
   * Collections recently found reindexing, so later calls probe once instead of waiting out the
   * 409 budget again. Defaults to this process's memory; pass a shared one for several processes.
   */
  reindexMemory?: ReindexMemory;
  /** Time for every deadline, retry wait, `Retry-After` date and trace timestamp. */
  clock?: Clock;
  random?: Random;
  /** Each call's trace id; defaults to a random UUID (`crypto.randomUUID()`). */
  createTraceId?: () => string;
  /**
   * OpenTelemetry: the tracer (default: the global one), and whether spans may carry the user's
   * query and the tool's answer (both off by default). See the README's "Traces".
   */
  telemetry?: TelemetryOptions;
}

/**
 * What `search()` and `getDocument()` resolve to: the model's contract, and beside it what only
 * the app may see. Adapters hand `output` to the model and the rest to the app.
 */
export interface DocsResult<Output> {
  /** Exactly the model contract: nothing else goes to the model. */
  output: Output;
  trace: Trace;
  /**
   * Each ref in `output` that names a readable section → its page: the record's own address with
   * the section's anchor when the backend has one, else under `portalUrl` (empty with neither).
   */
  urls: Record<string, string>;
  /** The backend refused the caller's credentials (401) during this call: re-authenticate the user. */
  unauthorized: boolean;
}

/** Per call: whose credentials, and the framework's AbortSignal. */
export interface DocsCallOptions {
  caller: Caller;
  signal?: AbortSignal | undefined;
  /** The framework's tool call id (AI SDK `toolCallId`, LangChain `toolCall.id`): on the span. */
  toolCallId?: string | undefined;
}

export interface DocsSearch<AreaName extends string = string> {
  /** The configured area names, in order. */
  readonly areaNames: readonly [AreaName, ...AreaName[]];
  readonly searchInput: Contract<AreaName>["searchInput"];
  readonly searchOutput: Contract<AreaName>["searchOutput"];
  readonly documentInput: Contract<AreaName>["documentInput"];
  readonly documentOutput: Contract<AreaName>["documentOutput"];
  readonly descriptions: typeof descriptions;
  readonly limits: Readonly<Limits>;
  /** search_docs. Upstream trouble is a status, never a rejection; bad input rejects. */
  search(
    input: z.input<Contract<AreaName>["searchInput"]>,
    options: DocsCallOptions,
  ): Promise<DocsResult<SearchOutput>>;
  /** get_document, for a ref search_docs issued. */
  getDocument(
    input: { ref: string },
    options: DocsCallOptions,
  ): Promise<DocsResult<DocumentOutput>>;
  /** The portal URL of a ref, or undefined without a portalUrl. */
  refUrl(ref: string): string | undefined;
}

/** The documentation search, configured once per process and called per request. */
export function createDocsSearch<const AreaName extends string>(
  options: DocsSearchOptions<AreaName>,
): DocsSearch<AreaName> {
  const { areas } = validateOptions(options);
  const areaNames = Object.keys(areas) as [AreaName, ...AreaName[]];
  const limits = resolveLimits(options.limits);
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const clock = options.clock ?? systemClock;
  const contract = createContract(areaNames, { recency: options.recency === true });
  const backend =
    options.backend ??
    loadV2Backend({
      baseUrl: options.baseUrl as string,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      clock,
    });
  // Budgets are per backend: per origin for the v2 API (every instance of the process shares
  // them), per backend object otherwise.
  const origin = options.baseUrl === undefined ? undefined : new URL(options.baseUrl).origin;
  const reranker = options.reranker ?? rerankerFor(backend);
  const engine: DocsEngine = {
    areas,
    contract: contract as unknown as Contract,
    session: new BackendSession({
      backend,
      clock,
      random: options.random ?? Math.random,
      policy,
      limits,
      retryBudget:
        options.retryBudget ??
        (origin === undefined ? budgetsOf(backend).retryBudget : sharedRetryBudget(origin)),
      reindexMemory: options.reindexMemory ?? new MemoryReindexMemory({ clock }),
      inFlight:
        options.inFlightLimit ??
        (origin === undefined ? budgetsOf(backend).inFlight : sharedInFlightLimit(origin)),
    }),
    reranker,
    lexical: lexicalRerankerOf(reranker, rerankerFor(backend)),
    refs: new RefRegistry({
      store: options.refStore ?? new MemoryRefStore(),
      timeoutMs: limits.refStoreTimeoutMs,
      clock,
    }),
    limits,
    paging: { ...defaultPagingPolicy, ...options.paging },
    clock,
    createTraceId: options.createTraceId,
    onTrace: options.onTrace,
    onUnauthorized: options.onUnauthorized,
    telemetry: options.telemetry,
  };
  const portal = options.portalUrl?.replace(/\/+$/, "");
  const refUrl = (ref: string) => (portal ? `${portal}/${ref}` : undefined);
  // A record's own page address first (DocSearch, a crawled page, a URL column), else the portal's.
  const urls = (refs: readonly string[], links: Readonly<Record<string, string>>) =>
    Object.fromEntries(
      refs.flatMap((ref) => {
        const url = links[ref] ?? refUrl(ref);
        return url === undefined ? [] : [[ref, url]];
      }),
    );

  return {
    areaNames,
    ...contract,
    descriptions,
    limits,
    search: async (input, callOptions) => {
      const { output, trace, unauthorized, links } = await runSearch(engine, input, callOptions);
      const refs = output.results.map((result) => result.ref);
      return { output, trace, urls: urls(refs, links), unauthorized };
    },
    getDocument: async (input, callOptions) => {
      const { output, trace, unauthorized, link } = await runGetDocument(
        engine,
        input,
        callOptions,
      );
      // Only a document that was read has a page worth linking; not_found echoes the model's ref.
      const refs = output.status === "ok" ? [output.ref] : [];
      return {
        output,
        trace,
        urls: urls(refs, link === undefined ? {} : { [output.ref]: link }),
        unauthorized,
      };
    },
    refUrl,
  };
}

type Budgets = { retryBudget: RetryBudget; inFlight: InFlightLimit };

/** Each backend object's own retry budget and in-flight bound, shared by every instance using it. */
const backendBudgets = new WeakMap<SearchBackend, Budgets>();

function budgetsOf(backend: SearchBackend): Budgets {
  let budgets = backendBudgets.get(backend);
  if (budgets === undefined) {
    budgets = {
      retryBudget: new RetryBudget(defaultRetryBudgetOptions),
      inFlight: new InFlightLimit(),
    };
    backendBudgets.set(backend, budgets);
  }
  return budgets;
}
