export {
  defaultInFlightLimitOptions,
  InFlightLimit,
  type InFlightLimitOptions,
  sharedInFlightLimit,
} from "./backend/in-flight-limit.js";
export type {
  AttemptDetails,
  BackendAttempt,
  BackendDocument,
  BackendFailure,
  BackendFailureKind,
  BackendHit,
  BackendSection,
  DocumentOutcome,
  DocumentRequest,
  FailedCause,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "./backend/search-backend.js";
export { assertCaller, hasCredentials } from "./contract/assert-caller.js";
export type { Caller } from "./contract/caller.js";
export {
  type Contract,
  createContract,
  type DocumentInput,
  type DocumentOutput,
  type DocumentStatus,
  descriptions,
  documentStatuses,
  type SearchInput,
  type SearchOutput,
  type SearchResult,
  type SearchStatus,
  searchStatuses,
} from "./contract/contract.js";
export {
  type ModelJsonProperty,
  type ModelJsonSchema,
  type ModelJsonType,
  modelJsonSchema,
} from "./contract/model-json-schema.js";
export {
  createDocsSearch,
  type DocsCallOptions,
  type DocsResult,
  type DocsSearch,
  type DocsSearchOptions,
} from "./create-docs-search.js";
export { ConfigurationError } from "./errors/configuration-error.js";
export { InvalidInputError } from "./errors/invalid-input-error.js";
export { missingCredentialsError } from "./errors/missing-credentials-error.js";
export { SearchDocsError } from "./errors/search-docs-error.js";
export { StoreTimeoutError } from "./errors/store-timeout-error.js";
export { defaultLimits, type Limits } from "./limits.js";
export { MemoryRefStore, type MemoryRefStoreOptions } from "./refs/memory-ref-store.js";
export type { RedisLikeClient } from "./refs/redis-like-client.js";
export {
  RedisRefStore,
  type RedisRefStoreOptions,
} from "./refs/redis-ref-store.js";
export { formatRef, isProcessLocalRef, type ParsedRef, parseRef, slugRefOf } from "./refs/ref.js";
export type { RefStore, RefStoreCallOptions, RefTarget } from "./refs/ref-store.js";
export { slugify } from "./refs/slugify.js";
export { capPerDocument } from "./rerank/cap-per-document.js";
export {
  createEmbeddingReranker,
  type EmbeddingRerankerOptions,
  type Embeddings,
} from "./rerank/embedding-reranker.js";
export {
  defaultModelShortlist,
  defaultModelTimeoutMs,
  type ModelOrderRequest,
  ModelReranker,
  type ModelRerankerOptions,
} from "./rerank/model-reranker.js";
export type {
  LexicalReranker,
  RerankCandidate,
  Reranker,
  RerankRequest,
} from "./rerank/reranker.js";
export { rerankerFor, sectionTextDocumentWeight } from "./rerank/reranker-for.js";
export {
  defaultUpstreamFusionOptions,
  type UpstreamFusionOptions,
  UpstreamFusionReranker,
} from "./rerank/upstream-fusion-reranker.js";
export { MemoryReindexMemory } from "./retry/memory-reindex-memory.js";
export {
  RedisReindexMemory,
  type RedisReindexMemoryOptions,
} from "./retry/redis-reindex-memory.js";
export type { ReindexMemory } from "./retry/reindex-memory.js";
export {
  defaultRetryBudgetOptions,
  RetryBudget,
  type RetryBudgetOptions,
  sharedRetryBudget,
} from "./retry/retry-budget.js";
export { backoffDelay, defaultRetryPolicy, type RetryPolicy } from "./retry/retry-policy.js";
export { searchStatus } from "./search/search-status.js";
export {
  defaultPagingPolicy,
  type NextPageDecision,
  type PagingPolicy,
  readsNextPage,
} from "./session/paging-policy.js";
export { sanitizeText } from "./text/sanitize-text.js";
export type { TelemetryOptions } from "./trace/tool-span.js";
export {
  type CollectionStop,
  type FailureKind,
  type OnTrace,
  type OnUnauthorized,
  type Trace,
  type TraceCollection,
  type TraceFailure,
  type TraceOmission,
  type TraceRequest,
  type UnauthorizedEvent,
  wasUnauthorized,
} from "./trace/trace.js";
export type { Clock, Random } from "./util/clock.js";
export { parseInput as parseToolInput } from "./util/parse-input.js";
export { raceSignal } from "./util/race-signal.js";
