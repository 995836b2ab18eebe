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
      "loadCorpus",
      "memoryBackend",
      "playContractCase",
      "startFakeDocsService",
      "testAttempt",
      "throughCore",
      "wordCountEmbedding",
    ]);
  });
});
