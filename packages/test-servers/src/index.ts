// @search-docs/test-servers (private, unpublished): the servers this repository's tests run
// against. Engine fakes written from each engine's reference (Elasticsearch / OpenSearch,
// Algolia, Meilisearch, Typesense) and their fixtures, PostgreSQL and Redis launchers, a free
// port, a scripted model provider. It depends on no workspace package: core's own tests use it
// with no build step and no dependency cycle, and core's published `/testing` does not carry it.
export type { Flavor } from "./fake-elasticsearch-errors.js";
export {
  crawlerIndexMapping,
  type FieldMapping,
  sectionIndexMapping,
} from "./fake-elasticsearch-mapping.js";
export type { FakeVectorField } from "./fake-elasticsearch-vector.js";
export type {
  EngineAnswer,
  EngineRequest,
  FakeHostedEngine,
  HostedRecord,
  InjectedFault,
} from "./fake-hosted-engine.js";
export type { FakeMeilisearchEmbedder } from "./fake-meilisearch-hybrid.js";
export type { FakeSearchPipeline } from "./fake-opensearch-hybrid.js";
export {
  type FakeProvider,
  fakeProvider,
  type LeakableService,
  type ProviderFormat,
  type ProviderRequest,
  type ProviderTurn,
  providerLeaks,
  toolDefinitionProblems,
  toolDefinitionsSent,
  toolResultsSent,
  type WireToolResult,
} from "./fake-provider.js";
export type { FakeTypesenseVectorField } from "./fake-typesense-vector.js";
export { freePort } from "./free-port.js";
export { cosineSimilarity, hashedEmbedding, isVector } from "./hashed-embedding.js";
export {
  contractPageIds,
  contractPageUrl,
  docSearchRecordsOf,
  type HierarchyStyle,
  type SourceDocument,
  sectionRecordsOf,
} from "./hosted-contract-records.js";
export {
  type FixtureCaller,
  type HostedBackendFactories,
  type HostedEngineFixture,
  type HostedEngineFixtureOptions,
  type HostedEngineName,
  startHostedEngineFixture,
  teamOfSession,
} from "./hosted-engine-fixture.js";
export {
  type IndexedDocument,
  sampleElasticsearchIndices,
} from "./sample-elasticsearch-indices.js";
export { type FakeAlgoliaOptions, startFakeAlgolia } from "./start-fake-algolia.js";
export {
  type FakeElasticsearch,
  type FakeElasticsearchFault,
  type FakeElasticsearchOptions,
  type FakeElasticsearchRequest,
  type FakeElasticsearchUser,
  startFakeElasticsearch,
} from "./start-fake-elasticsearch.js";
export { type FakeMeilisearchOptions, startFakeMeilisearch } from "./start-fake-meilisearch.js";
export { type FakeTypesenseOptions, startFakeTypesense } from "./start-fake-typesense.js";
export {
  findPostgresBinaries,
  type PostgresServer,
  type StartPostgresServerOptions,
  startPostgresServer,
} from "./start-postgres-server.js";
export {
  findRedisServer,
  type RedisServer,
  type StartRedisServerOptions,
  startRedisServer,
} from "./start-redis-server.js";
