import { existsSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { collectionIdFor } from "./collection-id.js";
import type { CorpusDocument } from "./corpus-document.js";
import { createTestDocsSearch } from "./create-test-docs-search.js";
import type { FakeDocsService } from "./fake-docs-service.js";
import { startFakeDocsService } from "./start-fake-docs-service.js";

// shared/ sits beside the repository's root, here and in CI.
const sharedCorpus = fileURLToPath(
  new URL("../../../../../shared/corpus/docs.jsonl", import.meta.url),
);

function document(
  id: string,
  area: string,
  title: string,
  texts: string[],
  updated = "2024-01-01",
): CorpusDocument {
  return {
    id,
    area,
    slug: id,
    title,
    updated,
    sections: texts.map((text, index) => ({ heading: `${title} part ${index}`, text })),
  };
}

const pagingDocuments = Array.from({ length: 45 }, (_, index) => {
  const number = String(index).padStart(2, "0");
  // Different lengths give different scores, so paging is over a real ranking.
  return document(`rb-page-${number}`, "runbooks", `Paging ${number}`, [
    `pager escalation step ${"filler ".repeat(index)}`,
  ]);
});

const corpus: CorpusDocument[] = [
  document(
    "rb-rotate",
    "runbooks",
    "Key Rotation",
    [
      "Rotate the signing key every quarter. The key lives in vault.",
      "After rotation, restart every key consumer so the new key is picked up.",
    ],
    "2023-03-04",
  ),
  document("rb-disk", "runbooks", "Disk Full", ["Clean up disk space when the disk fills."]),
  // Matches "certificate" only by its title and heading, which are not indexed.
  document("rb-certificate", "runbooks", "Certificate Renewal", ["Run the job every quarter."]),
  ...pagingDocuments,
  document("po-leave", "policies", "Leave", [
    "Request leave two weeks ahead; the signing manager approves.",
  ]),
  document("api-get", "api-reference", "GET", ["Returns the value of key, or nil."]),
];

const sampleCorpusPath = fileURLToPath(new URL("./corpus/sample-corpus.jsonl", import.meta.url));
const runbooks = collectionIdFor("runbooks", 0);
const policies = collectionIdFor("policies", 0);
const apiReference = collectionIdFor("api-reference", 0);

interface SearchParameters {
  query?: string;
  cursor?: string;
  page_size?: string;
  sort?: string;
}

describe("startFakeDocsService", () => {
  let service: FakeDocsService;

  beforeAll(async () => {
    service = await startFakeDocsService({ corpus });
  });
  afterAll(async () => {
    await service.close();
  });
  afterEach(() => {
    for (const collectionId of Object.values(service.areas).flat()) {
      service.setFault(collectionId, undefined);
    }
    service.setLatency(undefined);
    service.clearRequests();
  });

  function search(
    collectionId: string,
    parameters: SearchParameters,
    headers: Record<string, string> = { authorization: `Bearer ${service.tokens.everything}` },
  ): Promise<Response> {
    const query = new URLSearchParams(parameters as Record<string, string>);
    return fetch(`${service.url}/v2/collections/${collectionId}/documents/search?${query}`, {
      headers,
    });
  }

  function getDocument(
    collectionId: string,
    documentId: string,
    token: string = service.tokens.everything,
  ): Promise<Response> {
    return fetch(`${service.url}/v2/collections/${collectionId}/documents/${documentId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it("describes itself: url, areas in corpus order, default tokens", () => {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.areas).toEqual({
      runbooks: [runbooks],
      policies: [policies],
      "api-reference": [apiReference],
    });
    expect(Object.keys(service.areas)).toEqual(["runbooks", "policies", "api-reference"]);
    expect(service.tokens).toEqual({
      everything: "fake-token-everything",
      noPolicies: "fake-token-no-policies",
      runbooksOnly: "fake-token-runbooks-only",
    });
  });

  describe("search", () => {
    it("answers 200 with one item per matching section, in the wire shape", async () => {
      const response = await search(runbooks, { query: "signing key" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await response.json();
      expect(body).toEqual({
        items: [
          {
            document_id: "rb-rotate",
            title: "Key Rotation",
            score: expect.any(Number),
            snippet: "Rotate the signing key every quarter. The key lives in vault.",
            updated_at: "2023-03-04T00:00:00Z",
            slug: "rb-rotate",
            section: 0,
          },
          expect.objectContaining({ document_id: "rb-rotate", section: 1 }),
        ],
        next_cursor: null,
        has_more: false,
        collection_version: 1,
      });
      const [first, second] = body.items;
      expect(first.score).toBeGreaterThan(second.score);
      expect(Math.round(first.score * 10_000) / 10_000).toBe(first.score);
    });

    it("pages with a cursor to the end", async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      let last: { has_more: boolean; next_cursor: string | null } | undefined;
      do {
        const response = await search(runbooks, {
          query: "pager",
          page_size: "20",
          ...(cursor === undefined ? {} : { cursor }),
        });
        expect(response.status).toBe(200);
        const body = await response.json();
        seen.push(...body.items.map((item: { document_id: string }) => item.document_id));
        last = body;
        cursor = body.next_cursor ?? undefined;
        pages += 1;
      } while (cursor !== undefined);
      expect(pages).toBe(3);
      expect(last).toMatchObject({ has_more: false, next_cursor: null });
      expect(new Set(seen).size).toBe(45);
      // The shortest section scores highest.
      expect(seen[0]).toBe("rb-page-00");
    });

    it("defaults page_size to 20 and sorts by date on request", async () => {
      const byRelevance = await (await search(runbooks, { query: "key" })).json();
      const byDate = await (await search(runbooks, { query: "pager", sort: "updated_at" })).json();
      expect(byRelevance.items.length).toBeLessThanOrEqual(20);
      expect((await search(runbooks, { query: "pager" }).then((r) => r.json())).items).toHaveLength(
        20,
      );
      expect(byDate.items).toHaveLength(20);
      expect((await search(runbooks, { query: "pager", sort: "created_at" })).status).toBe(200);
    });

    it("rejects bad parameters with 400", async () => {
      for (const parameters of [
        { query: "key", page_size: "21" },
        { query: "key", page_size: "0" },
        { query: "key", page_size: "2.5" },
        { query: "key", page_size: "ten" },
        { query: "key", sort: "popularity" },
        { query: "" },
        { query: "   " },
        {},
      ]) {
        const response = await search(runbooks, parameters);
        expect(response.status, JSON.stringify(parameters)).toBe(400);
        expect((await response.json()).error).toBe("invalid_request");
      }
    });

    it("binds a cursor to its query, sort and collection", async () => {
      const first = await (await search(runbooks, { query: "pager", page_size: "5" })).json();
      const cursor: string = first.next_cursor;
      for (const [collectionId, parameters] of [
        [runbooks, { query: "key", cursor }],
        [runbooks, { query: "pager", cursor, sort: "updated_at" }],
        [policies, { query: "pager", cursor }],
        [runbooks, { query: "pager", cursor: "garbage" }],
      ] as const) {
        const response = await search(collectionId, parameters);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: "invalid_cursor" });
      }
      const second = await search(runbooks, { query: "pager", page_size: "5", cursor });
      expect(second.status).toBe(200);
    });

    it("answers 404 no_match when nothing matches", async () => {
      const response = await search(runbooks, { query: "zebra" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "no_match" });
    });

    it("does not index titles: a document matching only by title is not returned", async () => {
      const response = await search(runbooks, { query: "certificate renewal" });
      expect(response.status).toBe(404);
    });

    it("answers 404 for an unknown collection and any other route", async () => {
      const unknown = await search("00000000-0000-5000-8000-000000000000", { query: "key" });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: "collection_not_found" });
      for (const path of ["/", "/v2/collections", `/v1/collections/${runbooks}/documents/search`]) {
        expect((await fetch(`${service.url}${path}`)).status).toBe(404);
      }
      const post = await fetch(
        `${service.url}/v2/collections/${runbooks}/documents/search?query=key`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${service.tokens.everything}` },
        },
      );
      expect(post.status).toBe(404);
    });
  });

  describe("access", () => {
    it("answers 401 without a token or with an unknown one", async () => {
      expect((await search(runbooks, { query: "key" }, {})).status).toBe(401);
      const unknown = await search(runbooks, { query: "key" }, { authorization: "Bearer nope" });
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(
        (await search(runbooks, { query: "key" }, { authorization: "Basic eDp5" })).status,
      ).toBe(401);
      for (const token of ["constructor", "__proto__", "toString"]) {
        const inherited = await search(
          runbooks,
          { query: "key" },
          { authorization: `Bearer ${token}` },
        );
        expect(inherited.status).toBe(401);
      }
    });

    it("answers 403 for a collection the token may not read", async () => {
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      expect(
        (await search(policies, { query: "leave" }, as(service.tokens.noPolicies))).status,
      ).toBe(403);
      expect((await search(runbooks, { query: "key" }, as(service.tokens.noPolicies))).status).toBe(
        200,
      );
      expect(
        (await search(apiReference, { query: "key" }, as(service.tokens.runbooksOnly))).status,
      ).toBe(403);
      expect(
        (await search(runbooks, { query: "key" }, as(service.tokens.runbooksOnly))).status,
      ).toBe(200);
    });

    it("takes the token from x-docs-user when there is no Authorization header", async () => {
      const allowed = await search(
        runbooks,
        { query: "key" },
        { "x-docs-user": service.tokens.runbooksOnly },
      );
      expect(allowed.status).toBe(200);
      const denied = await search(
        policies,
        { query: "leave" },
        { "x-docs-user": service.tokens.runbooksOnly },
      );
      expect(denied.status).toBe(403);
      expect(service.requests.map((request) => request.token)).toEqual([
        service.tokens.runbooksOnly,
        service.tokens.runbooksOnly,
      ]);
    });
  });

  describe("document endpoint", () => {
    it("returns the whole document", async () => {
      const response = await getDocument(runbooks, "rb-rotate");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        document_id: "rb-rotate",
        title: "Key Rotation",
        slug: "rb-rotate",
        updated_at: "2023-03-04T00:00:00Z",
        sections: [
          {
            index: 0,
            heading: "Key Rotation part 0",
            text: "Rotate the signing key every quarter. The key lives in vault.",
          },
          {
            index: 1,
            heading: "Key Rotation part 1",
            text: "After rotation, restart every key consumer so the new key is picked up.",
          },
        ],
      });
    });

    it("answers 404 for a document of another collection, 401 and 403 like search", async () => {
      expect((await getDocument(runbooks, "po-leave")).status).toBe(404);
      expect((await getDocument(runbooks, "missing")).status).toBe(404);
      expect((await getDocument(runbooks, "rb-rotate", "nope")).status).toBe(401);
      expect((await getDocument(policies, "po-leave", service.tokens.noPolicies)).status).toBe(403);
    });

    it("suffers the collection's faults too", async () => {
      service.setFault(runbooks, { kind: "reindex", requests: 1 });
      expect((await getDocument(runbooks, "rb-rotate")).status).toBe(409);
      expect((await getDocument(runbooks, "rb-rotate")).status).toBe(200);
    });
  });

  describe("faults", () => {
    it("reindex: 409 for N requests, then recovers; Retry-After only when given", async () => {
      service.setFault(runbooks, { kind: "reindex", requests: 2, retryAfterSeconds: 2 });
      const first = await search(runbooks, { query: "key" });
      expect(first.status).toBe(409);
      expect(first.headers.get("retry-after")).toBe("2");
      expect(await first.json()).toEqual({ error: "reindexing" });
      // Other collections are unaffected and do not use up the fault.
      expect((await search(policies, { query: "leave" })).status).toBe(200);
      expect((await search(runbooks, { query: "key" })).status).toBe(409);
      expect((await search(runbooks, { query: "key" })).status).toBe(200);

      service.setFault(runbooks, { kind: "reindex" });
      const plain = await search(runbooks, { query: "key" });
      expect(plain.status).toBe(409);
      expect(plain.headers.get("retry-after")).toBeNull();
    });

    it("reindex: for a duration from when it was set", async () => {
      service.setFault(runbooks, { kind: "reindex", durationMs: 60 });
      expect((await search(runbooks, { query: "key" })).status).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
    });

    it("forbidden beats a fault: 403 even while reindexing", async () => {
      service.setFault(policies, { kind: "reindex" });
      const response = await search(
        policies,
        { query: "leave" },
        {
          authorization: `Bearer ${service.tokens.noPolicies}`,
        },
      );
      expect(response.status).toBe(403);
    });

    it("shed: 429 with Retry-After, 1 second by default", async () => {
      service.setFault(runbooks, { kind: "shed", requests: 1 });
      const response = await search(runbooks, { query: "key" });
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("1");
      service.setFault(runbooks, { kind: "shed", retryAfterSeconds: 7 });
      expect((await search(runbooks, { query: "key" })).headers.get("retry-after")).toBe("7");
    });

    it("shed at a rate sheds some requests, not all", async () => {
      service.setFault(runbooks, { kind: "shed", rate: 0.5 });
      const statuses = [];
      for (let attempt = 0; attempt < 20; attempt += 1) {
        statuses.push((await search(runbooks, { query: "key" })).status);
      }
      expect(statuses).toContain(429);
      expect(statuses).toContain(200);
    });

    it("error: 503 by default, or the given status", async () => {
      service.setFault(runbooks, { kind: "error", requests: 1 });
      expect((await search(runbooks, { query: "key" })).status).toBe(503);
      service.setFault(runbooks, { kind: "error", status: 502, requests: 1 });
      expect((await search(runbooks, { query: "key" })).status).toBe(502);
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
    });

    it("malformed: 200 with invalid JSON, then with JSON missing items", async () => {
      service.setFault(runbooks, { kind: "malformed", requests: 2 });
      const first = await search(runbooks, { query: "key" });
      expect(first.status).toBe(200);
      await expect(first.json()).rejects.toThrow();
      const second = await search(runbooks, { query: "key" });
      expect(second.status).toBe(200);
      expect(await second.json()).not.toHaveProperty("items");
    });

    it("reset: the socket is destroyed without a response", async () => {
      service.setFault(runbooks, { kind: "reset", requests: 1 });
      await expect(search(runbooks, { query: "key" })).rejects.toThrow();
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
      expect(service.requests.map((request) => request.status)).toEqual([0, 200]);
    });

    it("slow: the answer comes late but whole", async () => {
      service.setFault(runbooks, { kind: "slow", ms: 80, requests: 1 });
      const started = performance.now();
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(75);
      expect(service.requests[0]?.durationMs).toBeGreaterThanOrEqual(75);
    });

    it("version-flip: older cursors stop working after N more requests", async () => {
      service.setFault(runbooks, { kind: "version-flip", afterRequests: 1 });
      const first = await (await search(runbooks, { query: "pager", page_size: "5" })).json();
      expect(first.collection_version).toBe(1);
      const stale = await search(runbooks, {
        query: "pager",
        page_size: "5",
        cursor: first.next_cursor,
      });
      expect(stale.status).toBe(400);
      expect(await stale.json()).toMatchObject({ error: "invalid_cursor" });
      const fresh = await (await search(runbooks, { query: "pager", page_size: "5" })).json();
      expect(fresh.collection_version).toBe(2);
      const next = await search(runbooks, {
        query: "pager",
        page_size: "5",
        cursor: fresh.next_cursor,
      });
      expect(next.status).toBe(200);
    });

    it("stall: the headers at once, then the real body a byte per interval", async () => {
      service.setFault(runbooks, { kind: "stall", intervalMs: 20, requests: 1 });
      const response = await search(runbooks, { query: "key" });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const started = performance.now();
      const first = await reader.read();
      const second = await reader.read();
      expect(first.value?.byteLength).toBe(1);
      expect(second.value?.byteLength).toBe(1);
      expect(performance.now() - started).toBeGreaterThanOrEqual(15);
      await reader.cancel();
      expect(service.requests[0]).toMatchObject({ status: 200, fault: "stall" });
    });

    it("endless: a body that never ends, until the client goes away", async () => {
      service.setFault(runbooks, { kind: "endless", requests: 1 });
      const response = await search(runbooks, { query: "key" });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let bytes = 0;
      while (bytes < 4 * 1024 * 1024) bytes += (await reader.read()).value?.byteLength ?? 0;
      await reader.cancel();
      expect(bytes).toBeGreaterThanOrEqual(4 * 1024 * 1024);
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
    });

    it("oversized: the real answer padded to the size asked, said up front", async () => {
      service.setFault(runbooks, { kind: "oversized", bytes: 2 * 1024 * 1024, requests: 1 });
      const response = await search(runbooks, { query: "key" });
      expect(Number(response.headers.get("content-length"))).toBeGreaterThanOrEqual(
        2 * 1024 * 1024,
      );
      const page = (await response.json()) as { items: unknown[] };
      expect(page.items.length).toBeGreaterThan(0);
    });

    it("gzip-bomb: a few KiB on the wire that inflate to a valid page of the size asked", async () => {
      service.setFault(runbooks, {
        kind: "gzip-bomb",
        inflatedBytes: 8 * 1024 * 1024,
        requests: 1,
      });
      const response = await search(runbooks, { query: "key" });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(Number(response.headers.get("content-length"))).toBeLessThan(64 * 1024);
      const text = await response.text();
      expect(text.length).toBe(8 * 1024 * 1024);
      expect(JSON.parse(text)).toMatchObject({ items: [], has_more: false });
    });

    it("redirect: to the same path on another origin, which records whoever followed it", async () => {
      service.setFault(runbooks, { kind: "redirect", requests: 2 });
      const manual = await fetch(
        `${service.url}/v2/collections/${runbooks}/documents/search?query=key`,
        { redirect: "manual", headers: { authorization: `Bearer ${service.tokens.everything}` } },
      );
      expect(manual.status).toBe(302);
      expect(manual.headers.get("location")).toBe(
        `${service.elsewhereUrl}/v2/collections/${runbooks}/documents/search?query=key`,
      );
      // A client that follows it takes the caller's headers along to the other origin (fetch
      // drops Authorization there, but not a header of the caller's own, x-docs-user here).
      const followed = await search(
        runbooks,
        { query: "key" },
        { "x-docs-user": service.tokens.everything },
      );
      expect(await followed.json()).toEqual({ items: [], has_more: false, next_cursor: null });
      expect(service.requests.filter((request) => request.elsewhere)).toMatchObject([
        { elsewhere: true, token: service.tokens.everything },
      ]);
      expect(new URL(service.elsewhereUrl).origin).not.toBe(new URL(service.url).origin);
    });

    it("redirect loop: to the request's own URL, as often as it is followed", async () => {
      service.setFault(runbooks, { kind: "redirect", to: "loop", status: 307 });
      await expect(search(runbooks, { query: "key" })).rejects.toThrow();
      expect(service.requests.length).toBeGreaterThan(5);
      expect(service.requests.map((request) => request.status)).toEqual(
        service.requests.map(() => 307),
      );
    });

    it("reset-mid-body: the headers and half the body, then the socket is destroyed", async () => {
      service.setFault(runbooks, { kind: "reset-mid-body", requests: 1 });
      const response = await search(runbooks, { query: "key" });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
      expect(service.requests[0]).toMatchObject({ status: 200, fault: "reset-mid-body" });
    });

    it("refuses malformed body faults", () => {
      expect(() => service.setFault(runbooks, { kind: "redirect", status: 404 as 302 })).toThrow(
        RangeError,
      );
      expect(() => service.setFault(runbooks, { kind: "redirect", to: "moon" as "loop" })).toThrow(
        RangeError,
      );
      expect(() => service.setFault(runbooks, { kind: "stall", intervalMs: 0 })).toThrow(
        RangeError,
      );
      expect(() => service.setFault(runbooks, { kind: "oversized", bytes: -1 })).toThrow(
        RangeError,
      );
    });

    it("refuses a fault for an unknown collection", () => {
      expect(() => service.setFault("nope", { kind: "reindex" })).toThrow(/No collection "nope"/);
    });
  });

  describe("latency and aborts", () => {
    it("delays every request by the latency model, changeable at run time", async () => {
      service.setLatency(({ kind }) => (kind === "search" ? 60 : 0));
      const started = performance.now();
      await search(runbooks, { query: "key" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
      service.setLatency({ medianMs: 1, p95Ms: 2 });
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
    });

    it("stops waiting when the client goes away, and keeps serving", async () => {
      service.setLatency(() => 2_000);
      const controller = new AbortController();
      const aborted = fetch(
        `${service.url}/v2/collections/${runbooks}/documents/search?query=key`,
        {
          headers: { authorization: `Bearer ${service.tokens.everything}` },
          signal: controller.signal,
        },
      );
      setTimeout(() => controller.abort(), 30);
      await expect(aborted).rejects.toThrow();
      await expect.poll(() => service.requests.length).toBe(1);
      expect(service.requests[0]?.status).toBe(0);
      service.setLatency(undefined);
      expect((await search(runbooks, { query: "key" })).status).toBe(200);
    });
  });

  it("records every request", async () => {
    await search(runbooks, { query: "pager", page_size: "5", sort: "relevance" });
    await getDocument(runbooks, "rb-rotate");
    await fetch(`${service.url}/elsewhere`);
    expect(service.requests).toEqual([
      {
        method: "GET",
        path: `/v2/collections/${runbooks}/documents/search`,
        kind: "search",
        collectionId: runbooks,
        query: "pager",
        pageSize: 5,
        sort: "relevance",
        token: service.tokens.everything,
        status: 200,
        at: expect.any(Number),
        durationMs: expect.any(Number),
      },
      {
        method: "GET",
        path: `/v2/collections/${runbooks}/documents/rb-rotate`,
        kind: "document",
        collectionId: runbooks,
        documentId: "rb-rotate",
        token: service.tokens.everything,
        status: 200,
        at: expect.any(Number),
        durationMs: expect.any(Number),
      },
      {
        method: "GET",
        path: "/elsewhere",
        kind: "other",
        status: 404,
        at: expect.any(Number),
        durationMs: expect.any(Number),
      },
    ]);
    const requests = service.requests;
    service.clearRequests();
    expect(requests).toHaveLength(0);
  });

  it("survives bad input", async () => {
    for (const path of [
      "/v2/collections/%E0%A4%A/documents/search?query=key",
      `/v2/collections/${runbooks}/documents/%ZZ`,
      `/v2/collections/${runbooks}/documents/search?query=%E0%A4%A&page_size=-1`,
      `/v2/collections/${runbooks}/documents/search?query=key&cursor=${"x".repeat(5_000)}`,
    ]) {
      const response = await fetch(`${service.url}${path}`, {
        headers: { authorization: `Bearer ${service.tokens.everything}` },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect((await search(runbooks, { query: "key" })).status).toBe(200);
  });
});

describe("startFakeDocsService options", () => {
  it("splits areas into several collections and takes custom access rules", async () => {
    const service = await startFakeDocsService({
      corpus,
      collectionsPerArea: 3,
      acl: { "only-first-runbooks": { allow: [collectionIdFor("runbooks", 0)] } },
    });
    try {
      expect(service.areas.runbooks).toEqual(
        [0, 1, 2].map((index) => collectionIdFor("runbooks", index)),
      );
      const statuses = await Promise.all(
        (service.areas.runbooks ?? []).map(async (collectionId) => {
          const url = `${service.url}/v2/collections/${collectionId}/documents/search?query=pager`;
          return (await fetch(url, { headers: { authorization: "Bearer only-first-runbooks" } }))
            .status;
        }),
      );
      expect(statuses[0]).not.toBe(403);
      expect(statuses.slice(1)).toEqual([403, 403]);
    } finally {
      await service.close();
    }
  });

  it("refuses access rules naming nothing that exists", async () => {
    await expect(
      startFakeDocsService({ corpus, acl: { typo: { allow: ["runbook"] } } }),
    ).rejects.toThrow(/"runbook", which is neither an area nor a collection id/);
  });

  it("sets initial faults", async () => {
    const service = await startFakeDocsService({
      corpus,
      faults: { [runbooks]: { kind: "shed" } },
    });
    try {
      const response = await fetch(
        `${service.url}/v2/collections/${runbooks}/documents/search?query=key`,
        {
          headers: { authorization: `Bearer ${service.tokens.everything}` },
        },
      );
      expect(response.status).toBe(429);
    } finally {
      await service.close();
    }
  });

  it("closes keep-alive connections promptly", async () => {
    const service = await startFakeDocsService({ corpus });
    const agent = new Agent({ keepAlive: true });
    try {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const outgoing = httpRequest(
          `${service.url}/v2/collections/${runbooks}/documents/search?query=key`,
          { agent, headers: { authorization: `Bearer ${service.tokens.everything}` } },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode));
          },
        );
        outgoing.on("error", reject);
        outgoing.end();
      });
      expect(status).toBe(200);
      // The agent now holds an idle keep-alive socket to the service.
      expect(Object.keys(agent.freeSockets)).toHaveLength(1);
      const started = performance.now();
      await service.close();
      expect(performance.now() - started).toBeLessThan(1_000);
      await service.close();
    } finally {
      agent.destroy();
    }
  });

  it.skipIf(!existsSync(sampleCorpusPath))(
    "starts on the bundled sample corpus by default",
    async () => {
      const service = await startFakeDocsService();
      try {
        expect(Object.keys(service.areas)).toEqual([
          "runbooks",
          "policies",
          "api-reference",
          "onboarding",
        ]);
        expect(service.areas.runbooks).toEqual([collectionIdFor("runbooks", 0)]);
      } finally {
        await service.close();
      }
    },
  );

  it.skipIf(!existsSync(sharedCorpus))("loads the shared corpus by path", async () => {
    const started = performance.now();
    const service = await startFakeDocsService({ corpus: sharedCorpus });
    try {
      // A bound, not a figure: CI may share the machine with other work.
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(Object.keys(service.areas)).toEqual([
        "runbooks",
        "policies",
        "api-reference",
        "onboarding",
      ]);
      const url = `${service.url}/v2/collections/${service.areas.runbooks?.[0]}/documents/search?query=alertmanager+crashlooping`;
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${service.tokens.everything}` },
      });
      const body = await response.json();
      expect(body.items[0].title).toBe("Alertmanager Cluster Crashlooping");
    } finally {
      await service.close();
    }
  });
});

describe("createTestDocsSearch and clearFaults", () => {
  it("gives a docs search on the service with millisecond retries; clearFaults lifts every fault", async () => {
    const service = await startFakeDocsService();
    try {
      for (const ids of Object.values(service.areas)) {
        for (const id of ids) service.setFault(id, { kind: "reindex" });
      }
      const docs = createTestDocsSearch(service, { limits: { deadlineMs: 2000 } });
      const caller = { caller: { token: service.tokens.everything } };
      const started = performance.now();
      const down = await docs.search({ query: "rotate a service account key" }, caller);
      expect(down.output.status).toBe("unavailable");
      expect(performance.now() - started).toBeLessThan(1000);
      service.clearFaults();
      const up = await docs.search({ query: "rotate a service account key" }, caller);
      expect(up.output.status).toBe("ok");
      expect(docs.refUrl("runbooks/key-rotation#2")).toBe(
        "https://docs.example.com/runbooks/key-rotation#2",
      );
    } finally {
      await service.close();
    }
  });
});

describe("the client against the faults after the headers, as a user's agent test would use them", () => {
  let service: FakeDocsService;
  beforeAll(async () => {
    service = await startFakeDocsService();
  });
  afterAll(() => service.close());
  afterEach(() => {
    service.clearFaults();
    service.clearRequests();
  });

  it.each([
    [{ kind: "stall", intervalMs: 100 }, "deadline"],
    [{ kind: "endless" }, "too_large"],
    [{ kind: "oversized" }, "too_large"],
    [{ kind: "gzip-bomb" }, "too_large"],
    [{ kind: "redirect" }, "redirect"],
    [{ kind: "redirect", to: "loop", status: 308 }, "redirect"],
    [{ kind: "reset-mid-body" }, "network"],
  ] as const)(
    "%o: unavailable (%s), and nothing reached the other origin",
    async (fault, failure) => {
      const runbooks = service.areas.runbooks?.[0] as string;
      service.setFault(runbooks, fault);
      // A stall is cut by the deadline; every other fault must be told apart well before it.
      const docs = createTestDocsSearch(service, {
        limits: { deadlineMs: fault.kind === "stall" ? 800 : 5000 },
      });
      const { output, trace } = await docs.search(
        { query: "rotate a service account key", area: "runbooks" },
        { caller: { token: service.tokens.everything } },
      );
      expect(output.status).toBe("unavailable");
      expect(trace.failures).toMatchObject([{ collectionId: runbooks, kind: failure }]);
      expect(service.requests.filter((request) => request.elsewhere)).toEqual([]);
      expect(service.requests.some((request) => request.fault === fault.kind)).toBe(true);
    },
  );
});
