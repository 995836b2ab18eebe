// @search-docs/core/testing, the spec's test kit: the backend contract, the attempt core would
// hand a backend and a memory backend, for your own backends; a fake clock; a fake docs service
// speaking the v2 wire (faults, tokens, its fixture) and the adapters' contract table, for your own
// agent tests. Engine fakes and server launchers are this repository's, unpublished.
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
export type { SectionRanking } from "./section-index.js";
export { createSeededRandom, type RandomSource } from "./seeded-random.js";
export { startFakeDocsService } from "./start-fake-docs-service.js";
export { type TestAttempt, type TestAttemptOptions, testAttempt } from "./test-attempt.js";
export { wordCountEmbedding } from "./word-count-embedding.js";
