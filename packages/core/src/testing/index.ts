// @search-docs/core/testing: a fake docs service speaking the v2 wire, for your own agent tests.
export type {
  AccessControlList,
  AccessRule,
  DefaultTokens,
} from "./access-control-list.js";
export { collectionIdFor } from "./collection-id.js";
export type { CorpusDocument, CorpusSection } from "./corpus-document.js";
export { createTestDocsSearch } from "./create-test-docs-search.js";
export { createFakeClock, type FakeClock } from "./fake-clock.js";
export type { FakeDocsService, FakeDocsServiceOptions } from "./fake-docs-service.js";
export type {
  BodyFault,
  EndlessFault,
  ErrorFault,
  Fault,
  GzipBombFault,
  MalformedFault,
  OversizedFault,
  RedirectFault,
  ReindexFault,
  ResetFault,
  ResetMidBodyFault,
  ShedFault,
  SlowFault,
  StallFault,
  VersionFlipFault,
} from "./fault.js";
export type { LatencyModel, LatencyRequest } from "./latency-model.js";
export { loadCorpus } from "./load-corpus.js";
export type { RecordedRequest, RequestKind } from "./recorded-request.js";
export { startFakeDocsService } from "./start-fake-docs-service.js";
