import type { Contract } from "../contract/contract.js";
import type { UpstreamClient } from "../http/upstream-client.js";
import type { Limits } from "../limits.js";
import type { RefStore } from "../refs/ref-store.js";
import type { Reranker } from "../rerank/reranker.js";
import type { PagingPolicy } from "../search/paging-policy.js";
import type { OnTrace, OnUnauthorized } from "../trace/trace.js";
import type { Clock } from "../util/clock.js";

/**
 * Everything a tool call needs that outlives it, built once by `createDocsSearch` and shared by
 * search_docs and get_document.
 */
export interface DocsEngine {
  areas: Readonly<Record<string, readonly string[]>>;
  contract: Contract;
  client: UpstreamClient;
  reranker: Reranker;
  refStore: RefStore;
  limits: Limits;
  paging: PagingPolicy;
  clock: Clock;
  createTraceId: (() => string) | undefined;
  onTrace: OnTrace | undefined;
  onUnauthorized: OnUnauthorized | undefined;
}
