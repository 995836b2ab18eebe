// @search-docs/core/testing: a fake docs service speaking the v2 wire and a fake Elasticsearch /
// OpenSearch, for your own agent tests, and the backend contract with a memory backend, for your
// own backends.
export { type AbortedCall, abortMidCall } from "./abort-mid-call.js";
export type {
  AccessControlList,
  AccessRule,
  DefaultTokens,
} from "./access-control-list.js";
export {
  type BackendContractCheck,
  type BackendContractFixture,
  backendContract,
  contractHostileQueries,
} from "./backend-contract.js";
export { collectionIdFor } from "./collection-id.js";
export {
  type ContractAdapter,
  type ContractCall,
  type ContractCase,
  type ContractObservation,
  type ContractRun,
  type ContractToolName,
  contractCases,
  type ModelVisible,
} from "./contract-cases.js";
export { type ContractDocument, contractDocuments } from "./contract-documents.js";
export type { CorpusDocument, CorpusSection } from "./corpus-document.js";
export { createTestDocsSearch } from "./create-test-docs-search.js";
export { createFakeClock, type FakeClock } from "./fake-clock.js";
export type { FakeDocsService, FakeDocsServiceOptions } from "./fake-docs-service.js";
export {
  type FakeDocsServiceFixture,
  fakeDocsServiceFixture,
} from "./fake-docs-service-fixture.js";
export type {
  EngineAnswer,
  EngineRequest,
  FakeHostedEngine,
  HostedRecord,
  InjectedFault,
} from "./fake-hosted-engine.js";
export {
  type FakeProvider,
  fakeProvider,
  type ProviderFormat,
  type ProviderRequest,
  type ProviderTurn,
  providerLeaks,
  toolDefinitionProblems,
  toolDefinitionsSent,
  toolResultsSent,
  type WireToolResult,
} from "./fake-provider.js";
export {
  type BodyFault,
  bodyFaultKinds,
  type EndlessFault,
  type ErrorFault,
  type Fault,
  type GzipBombFault,
  type MalformedFault,
  type OversizedFault,
  type RedirectFault,
  type ReindexFault,
  type ResetFault,
  type ResetMidBodyFault,
  type ShedFault,
  type SlowFault,
  type StallFault,
  type VersionFlipFault,
} from "./fault.js";
export { freePort } from "./free-port.js";
export {
  type HostedEngineFixture,
  type HostedEngineName,
  startHostedEngineFixture,
  teamOfSession,
} from "./hosted-engine-fixture.js";
export type { LatencyModel, LatencyRequest } from "./latency-model.js";
export { loadCorpus } from "./load-corpus.js";
export {
  type MemoryBackendOptions,
  type MemoryBackendRequest,
  type MemoryDocument,
  memoryBackend,
  type ScriptedFailure,
} from "./memory-backend.js";
export {
  contractCaseProblems,
  contractCaseVerdict,
  playContractCase,
  throughCore,
} from "./play-contract-case.js";
export type { RecordedRequest, RequestKind } from "./recorded-request.js";
export { sampleElasticsearchIndices } from "./sample-elasticsearch-indices.js";
export type { SectionRanking } from "./section-index.js";
export { createSeededRandom, type RandomSource } from "./seeded-random.js";
export { type FakeAlgoliaOptions, startFakeAlgolia } from "./start-fake-algolia.js";
export { startFakeDocsService } from "./start-fake-docs-service.js";
export { type FakeMeilisearchOptions, startFakeMeilisearch } from "./start-fake-meilisearch.js";
export { type FakeTypesenseOptions, startFakeTypesense } from "./start-fake-typesense.js";
export {
  findPostgresBinaries,
  type PostgresServer,
  type StartPostgresServerOptions,
  startPostgresServer,
} from "./start-postgres-server.js";
export {
  type FakeElasticsearch,
  type FakeElasticsearchFault,
  type FakeElasticsearchOptions,
  type FakeElasticsearchRequest,
  type FakeElasticsearchUser,
  startFakeElasticsearch,
} from "./start-fake-elasticsearch.js";
export {
  findRedisServer,
  type RedisServer,
  type StartRedisServerOptions,
  startRedisServer,
} from "./start-redis-server.js";
export { type TestAttempt, type TestAttemptOptions, testAttempt } from "./test-attempt.js";
export { wordCountEmbedding } from "./word-count-embedding.js";
