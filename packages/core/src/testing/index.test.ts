import { describe, expect, it } from "vitest";
import * as testing from "./index.js";

describe("@search-docs/core/testing", () => {
  it("exports exactly its public functions", () => {
    expect(Object.keys(testing).sort()).toEqual([
      "abortMidCall",
      "bodyFaultKinds",
      "collectionIdFor",
      "contractCaseProblems",
      "contractCaseVerdict",
      "contractCases",
      "createFakeClock",
      "createSeededRandom",
      "createTestDocsSearch",
      "fakeDocsServiceFixture",
      "fakeProvider",
      "findRedisServer",
      "freePort",
      "loadCorpus",
      "playContractCase",
      "providerLeaks",
      "startFakeDocsService",
      "startRedisServer",
      "throughCore",
      "toolDefinitionProblems",
      "toolDefinitionsSent",
      "toolResultsSent",
      "wordCountEmbedding",
    ]);
  });
});
