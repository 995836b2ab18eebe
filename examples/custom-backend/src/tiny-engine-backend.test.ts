import { backendContract, contractDocuments, testAttempt } from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTinyEngine } from "./tiny-engine.js";
import { tinyEngineBackend } from "./tiny-engine-backend.js";

const reader = "reader-token-1234";
let engine: Awaited<ReturnType<typeof startTinyEngine>>;

beforeAll(async () => {
  const articles = contractDocuments().map(({ key, ...article }) => ({ id: key, ...article }));
  engine = await startTinyEngine({
    handbook: { articles, readers: [reader] },
    private: { articles, readers: ["someone-else-5678"] },
  });
});
afterAll(() => engine.close());

describe("tinyEngineBackend: the backend contract", () => {
  for (const check of backendContract(async () => ({
    backend: tinyEngineBackend({ url: engine.url }),
    collectionId: "handbook",
    caller: { token: reader },
    missingCollectionId: "no-such-collection",
    forbiddenCollectionId: "private",
  }))) {
    it(check.name, check.run);
  }
});

describe("tinyEngineBackend", () => {
  const search = (caller: { token: string }, collectionId = "handbook") =>
    tinyEngineBackend({ url: engine.url }).searchPage(
      { collectionId, query: "heliograph", pageSize: 20, continuation: undefined },
      testAttempt({ caller }),
    );

  it("reads the engine's statuses by its table: a refused token is unauthorized, a missing collection misconfigured", async () => {
    expect(await search({ token: "not-a-reader-0000" })).toMatchObject({
      kind: "unauthorized",
      reason: "HTTP 401 unauthorized",
    });
    expect(await search({ token: reader }, "gone")).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "HTTP 404 collection_not_found",
    });
  });

  it("refuses a URL that carries a credential: credentials come with each call", () => {
    expect(() => tinyEngineBackend({ url: "http://user:secret@127.0.0.1:1" })).toThrow(
      /must not carry credentials/,
    );
  });
});
