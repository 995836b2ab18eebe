import type { Contract } from "../contract/contract.js";
import type { Limits } from "../limits.js";
import type { RefRegistry } from "../refs/ref-registry.js";
import type { LexicalReranker, Reranker } from "../rerank/reranker.js";
import type { TelemetryOptions } from "../trace/tool-span.js";
import type { OnTrace, OnUnauthorized } from "../trace/trace.js";
import type { Clock } from "../util/clock.js";
import type { BackendSession } from "./backend-session.js";
import type { PagingPolicy } from "./paging-policy.js";

/**
 * Everything a tool call needs that outlives it, built once by `createDocsSearch` and shared by
 * search_docs and get_document.
 */
export interface DocsEngine {
  areas: Readonly<Record<string, readonly string[]>>;
  contract: Contract;
  /** Drives the backend: every attempt, retry and budget. */
  session: BackendSession;
  reranker: Reranker;
  /**
   * The cheap, synchronous order behind `reranker`: the paging decision asks it after every page,
   * a model reranker without its own refines it, and a failed reranker falls back to it.
   */
  lexical: LexicalReranker;
  /** The ref store, bounded by each call's deadline, with a fallback for when it fails. */
  refs: RefRegistry;
  limits: Limits;
  paging: PagingPolicy;
  clock: Clock;
  createTraceId: (() => string) | undefined;
  onTrace: OnTrace | undefined;
  onUnauthorized: OnUnauthorized | undefined;
  telemetry: TelemetryOptions | undefined;
}
