import { describe, expect, it } from "vitest";
import * as testing from "./index.js";

describe("@search-docs/core/testing", () => {
  it("exports exactly its public functions", () => {
    expect(Object.keys(testing).sort()).toEqual([
      "abortMidCall",
      "backendContract",
      "bodyFaultKinds",
      "collectionIdFor",
      "contractCaseProblems",
      "contractCaseVerdict",
      "contractCases",
      "contractDocuments",
      "contractHostileQueries",
      "createFakeClock",
      "createSeededRandom",
      "createTestDocsSearch",
      "fakeDocsServiceFixture",
      "fakeProvider",
      "findPostgresBinaries",
      "findRedisServer",
      "freePort",
      "loadCorpus",
      "memoryBackend",
      "playContractCase",
      "providerLeaks",
      "sampleElasticsearchIndices",
      "startFakeAlgolia",
      "startFakeDocsService",
      "startFakeElasticsearch",
      "startFakeMeilisearch",
      "startFakeTypesense",
      "startHostedEngineFixture",
      "startPostgresServer",
      "startRedisServer",
      "teamOfSession",
      "testAttempt",
      "throughCore",
      "toolDefinitionProblems",
      "toolDefinitionsSent",
      "toolResultsSent",
      "wordCountEmbedding",
    ]);
  });
});
