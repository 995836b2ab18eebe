import { UpstreamFusionReranker } from "@search-docs/core";
import {
  type CorpusDocument,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SeedSerialOptions, seedSerialSearch } from "./seed-serial-search.ts";

// 25 runbooks about a full disk (two pages of 20), one travel policy.
const corpus: CorpusDocument[] = [
  ...Array.from({ length: 25 }, (_, index) => ({
    id: `disk${String(index).padStart(2, "0")}`,
    area: "runbooks",
    slug: `disk-${index}`,
    title: `Disk note ${index}`,
    updated: "2025-01-01",
    sections: [{ heading: "Steps", text: `The disk is full on node ${index}: free space.` }],
  })),
  {
    id: "travel",
    area: "policies",
    slug: "travel",
    title: "Travel policy",
    updated: "2025-01-01",
    sections: [{ heading: "Booking", text: "Book travel through the portal." }],
  },
];

describe("seedSerialSearch", () => {
  let service: FakeDocsService;
  let waits: number[];
  let options: SeedSerialOptions;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    service = await startFakeDocsService({ corpus });
  });
  afterAll(async () => {
    await service.close();
  });
  beforeEach(() => {
    waits = [];
    for (const id of Object.values(service.areas).flat()) service.setFault(id, undefined);
    options = {
      baseUrl: service.url,
      areas: service.areas,
      reranker: new UpstreamFusionReranker(),
      // The seed's backoff really sleeps; here it only records, so the test takes no 3 s.
      sleep: async (milliseconds) => {
        waits.push(milliseconds);
      },
    };
  });

  it("walks every page of each collection, one collection after another", async () => {
    const record = await seedSerialSearch(
      options,
      { query: "disk full" },
      as(service.tokens.everything),
    );
    const runbooks = service.areas.runbooks?.[0];
    const policies = service.areas.policies?.[0];
    expect(record.requests.map((request) => [request.collectionId, request.status])).toEqual([
      [runbooks, 200],
      [runbooks, 200],
      [policies, 404],
    ]);
    expect(record.recordsFetched).toBe(25);
    expect(record.status).toBe("ok");
    expect(record.targets).toHaveLength(8);
    expect(record.moreMatchesExist).toBe(true);
    expect(record.searchedCollections).toEqual([runbooks, policies]);
  });

  it("marks the call truncated when a collection runs into the page cap", async () => {
    const record = await seedSerialSearch(
      { ...options, maxPages: 1 },
      { query: "disk full", area: "runbooks" },
      as(service.tokens.everything),
    );
    expect(record.requests).toHaveLength(1);
    expect(record.recordsFetched).toBe(20);
    expect(record.moreMatchesExist).toBe(true);
  });

  it("answers no_matches after 404s and after a 403, which it skips silently", async () => {
    const nothing = await seedSerialSearch(
      options,
      { query: "zebra" },
      as(service.tokens.everything),
    );
    expect(nothing.status).toBe("no_matches");
    expect(nothing.requests.map((request) => request.status)).toEqual([404, 404]);

    const forbidden = await seedSerialSearch(
      options,
      { query: "travel" },
      as(service.tokens.noPolicies),
    );
    expect(forbidden.status).toBe("no_matches");
    expect(forbidden.requests.map((request) => request.status)).toEqual([404, 403]);
  });

  it("backs off through 3 s of 409s, then gives up the whole call", async () => {
    service.setFault(service.areas.runbooks?.[0] ?? "", { kind: "reindex" });
    const record = await seedSerialSearch(
      options,
      { query: "travel disk" },
      as(service.tokens.everything),
    );
    expect(waits).toEqual([100, 200, 400, 800, 1500]);
    expect(record.requests.map((request) => request.status)).toEqual([
      409, 409, 409, 409, 409, 409,
    ]);
    expect(record.requests.map((request) => request.waitMs)).toEqual([0, 100, 200, 400, 800, 1500]);
    expect(record.status).toBe("unavailable");
    expect(record.targets).toEqual([]);
  });

  it("fails the call on a 429, which the seed's loop does not catch", async () => {
    service.setFault(service.areas.policies?.[0] ?? "", { kind: "shed" });
    const record = await seedSerialSearch(
      options,
      { query: "travel disk" },
      as(service.tokens.everything),
    );
    expect(record.status).toBe("error");
    expect(record.requests.map((request) => request.status)).toEqual([200, 200, 429]);
    expect(record.output).toEqual({ error: "search_docs raised: HTTP 429" });
  });
});
