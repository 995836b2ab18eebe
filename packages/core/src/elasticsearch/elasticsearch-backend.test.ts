import {
  type FakeElasticsearch,
  type FakeElasticsearchFault,
  type Flavor,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PageOutcome, SearchBackend } from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { testAttempt } from "../testing/test-attempt.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";

const indices = sampleElasticsearchIndices();
const reader: Caller = { headers: { authorization: "ApiKey reader-key" } };
const runbooksOnly: Caller = { token: "runbooks-token" };
const users = {
  "ApiKey reader-key": { name: "reader", read: ["docs-*", "runbooks"] },
  "Bearer runbooks-token": { name: "runbooks-reader", read: ["docs-runbooks"] },
  "ApiKey service-key": { name: "service", read: [], runAs: ["runbooks-reader"] },
};
const query = "rotate service account key";
const nothing = "quokka xylophone";

function search(
  backend: SearchBackend,
  collectionId: string,
  options: {
    query?: string;
    caller?: Caller;
    continuation?: string;
    pageSize?: number;
    timeLeftMs?: number;
  } = {},
): Promise<PageOutcome> {
  return backend.searchPage(
    {
      collectionId,
      query: options.query ?? query,
      pageSize: options.pageSize ?? 20,
      continuation: options.continuation,
    },
    testAttempt({ caller: options.caller ?? reader, timeoutMs: options.timeLeftMs ?? 5000 }),
  );
}

for (const flavor of ["elasticsearch", "opensearch"] as const satisfies readonly Flavor[]) {
  describe(`elasticsearchBackend (${flavor}) against the fake engine`, () => {
    let fake: FakeElasticsearch;
    let backend: SearchBackend;

    beforeAll(async () => {
      fake = await startFakeElasticsearch({
        flavor,
        indices,
        aliases: { runbooks: ["docs-runbooks"] },
        users,
        maxResultWindow: 60,
      });
      backend = elasticsearchBackend({ url: fake.url, flavor, maxResultWindow: 60 });
    });
    afterAll(() => fake.close());
    beforeEach(() => {
      fake.clearFaults();
      fake.requests.length = 0;
    });

    it("names itself after the flavor", () => {
      expect(backend.name).toBe(flavor);
    });

    it("answers a page of ranked sections with passages, scores and sections", async () => {
      const page = await search(backend, "docs-runbooks");
      expect(page.kind).toBe("page");
      if (page.kind !== "page") return;
      expect(page.hits.length).toBeGreaterThan(0);
      expect(page.hits[0]?.title).toBe("Service account key rotation");
      for (const hit of page.hits) {
        expect(hit.section).toMatch(/^\d+$/);
        expect(hit.snippet.length).toBeGreaterThan(0);
        expect(hit.snippet.length).toBeLessThanOrEqual(300);
        // Highlight tags are empty: the passage is plain text.
        expect(hit.snippet).not.toContain("<em>");
      }
      const scores = page.hits.map((hit) => hit.score);
      expect(scores).toEqual([...scores].sort((left, right) => right - left));
    });

    it("sends a match query (never query_string), _source limited, bounded highlight, engine timeout", async () => {
      await search(backend, "docs-runbooks", { timeLeftMs: 2000 });
      const request = fake.requests[0];
      expect(request?.method).toBe("POST");
      expect(request?.path).toBe("/docs-runbooks/_search");
      expect(request?.query).toBe("allow_no_indices=false");
      const body = JSON.parse(request?.body ?? "{}");
      expect(body.query.multi_match.query).toBe(query);
      expect(body.query.multi_match.fields).toEqual(["title^3", "heading", "body"]);
      expect(JSON.stringify(body)).not.toContain("query_string");
      expect(body._source).not.toContain("body");
      expect(body.highlight.fields.body.fragment_size).toBe(300);
      expect(body.highlight.fields.body.number_of_fragments).toBe(1);
      // 80% of the time left (2000 ms, less the few ms already gone).
      expect(Number(/^(\d+)ms$/.exec(body.timeout)?.[1])).toBeGreaterThan(1500);
      expect(Number(/^(\d+)ms$/.exec(body.timeout)?.[1])).toBeLessThanOrEqual(1600);
      expect(body.size).toBe(20);
      expect(body.from).toBe(0);
    });

    it("searches query syntax as words: `a:b OR (c` is never a parse error", async () => {
      const page = await search(backend, "docs-runbooks", { query: "failover: replica OR (lag" });
      expect(page.kind).toBe("page");
    });

    it("walks pages by offset with a truthful `more`", async () => {
      const seen = new Set<string>();
      let continuation: string | undefined;
      let pages = 0;
      let hits = 0;
      for (;;) {
        const page = await search(backend, "docs-runbooks", {
          query: "the service",
          pageSize: 7,
          continuation,
        });
        expect(page.kind).toBe("page");
        if (page.kind !== "page") return;
        pages += 1;
        hits += page.hits.length;
        for (const hit of page.hits) seen.add(`${hit.documentId}#${hit.section}`);
        if (!page.more) {
          expect(page.next).toBeUndefined();
          break;
        }
        expect(page.next).toBe(String(7 * pages));
        continuation = page.next;
      }
      expect(pages).toBeGreaterThan(1);
      // Every section once: no page repeated or skipped.
      expect(seen.size).toBe(hits);
    });

    it("stops a walk at index.max_result_window: more stays true, no next past it", async () => {
      // The window is 60: pages of 20 at 0, 20, 40; a fourth would ask past it.
      const page = await search(backend, "docs-*", {
        query: "service team access deploy incident",
        continuation: "40",
      });
      expect(page).toMatchObject({ kind: "page", more: true });
      if (page.kind === "page") expect(page.next).toBeUndefined();
    });

    it("row: 200 with no hits is no_match", async () => {
      expect(await search(backend, "docs-runbooks", { query: nothing })).toEqual({
        kind: "no_match",
      });
    });

    it("row: 404 index_not_found_exception is misconfigured, never no_match", async () => {
      const outcome = await search(backend, "docs-missing", { query: nothing });
      expect(outcome).toMatchObject({ kind: "failed", cause: "misconfigured" });
      expect(outcome).toHaveProperty("reason", "HTTP 404 index_not_found_exception");
    });

    it("row: a pattern resolving to no index for this caller is forbidden (omitted), never no_match", async () => {
      // Under allow_no_indices=false the engine answers 404 whether nothing matches the pattern
      // or the caller may read none of it: omitted like a 403; a name outright stays misconfigured.
      expect(await search(backend, "archive-*", { query: nothing })).toMatchObject({
        kind: "forbidden",
      });
      expect(await search(backend, "docs-runbooks,archive-*", { query: nothing })).toMatchObject({
        kind: "forbidden",
      });
      expect(await search(backend, "docs-gone,docs-run*", { query: nothing })).toMatchObject({
        kind: "failed",
        cause: "misconfigured",
      });
    });

    it("an alias and a pattern are collections too", async () => {
      expect(await search(backend, "runbooks")).toMatchObject({ kind: "page" });
      expect(await search(backend, "docs-run*,-docs-policies")).toMatchObject({ kind: "page" });
    });

    const rows: ReadonlyArray<{ row: string; fault: FakeElasticsearchFault; expected: object }> = [
      {
        row: "503 all shards failed",
        fault: { kind: "rebuilding" },
        expected: { kind: "rebuilding" },
      },
      {
        row: "503 no_shard_available_action_exception",
        fault: { kind: "rebuilding", shape: "no_shard_available" },
        expected: { kind: "rebuilding" },
      },
      {
        row: "503 cluster_block_exception",
        fault: { kind: "rebuilding", shape: "cluster_block" },
        expected: { kind: "rebuilding" },
      },
      {
        row: "400 index_closed_exception",
        fault: { kind: "closed" },
        expected: { kind: "rebuilding" },
      },
      {
        row: "403 cluster_block_exception (read block)",
        fault: { kind: "read_blocked" },
        expected: { kind: "rebuilding" },
      },
      {
        row: `429 ${flavor === "opensearch" ? "rejected_execution_exception" : "es_rejected_execution_exception"}`,
        fault: { kind: "rejected" },
        expected: { kind: "overloaded" },
      },
      {
        row: "429 with Retry-After",
        fault: { kind: "rejected", retryAfterSeconds: 2 },
        expected: { kind: "overloaded", retryAfterMs: 2000 },
      },
      {
        row: "200 with _shards.failed > 0",
        fault: { kind: "partial_shards" },
        expected: { kind: "transient" },
      },
      {
        row: "200 with timed_out: true",
        fault: { kind: "timed_out" },
        expected: { kind: "transient" },
      },
      { row: "500", fault: { kind: "server_error" }, expected: { kind: "transient" } },
      {
        row: "502 from a proxy",
        fault: { kind: "server_error", status: 502 },
        expected: { kind: "transient" },
      },
      {
        row: "504 from a proxy",
        fault: { kind: "server_error", status: 504 },
        expected: { kind: "transient" },
      },
      { row: "connection reset", fault: { kind: "reset" }, expected: { kind: "transient" } },
      {
        row: "redirect",
        fault: { kind: "redirect" },
        expected: { kind: "failed", cause: "redirect" },
      },
      {
        row: "malformed 200",
        fault: { kind: "malformed" },
        expected: { kind: "failed", cause: "malformed" },
      },
      {
        row: "400 parsing_exception",
        fault: { kind: "error", status: 400, type: "parsing_exception", reason: "Unknown key" },
        expected: { kind: "failed", cause: "rejected" },
      },
      {
        row: "404 search_context_missing_exception",
        fault: {
          kind: "error",
          status: 404,
          type: "search_context_missing_exception",
          reason: "No search context found for id [1]",
        },
        expected: { kind: "stale_continuation" },
      },
      {
        row: "403 that is not security_exception",
        fault: { kind: "error", status: 403, type: "access_denied_exception", reason: "denied" },
        expected: { kind: "failed", cause: "rejected" },
      },
    ];
    for (const { row, fault, expected } of rows) {
      it(`row: ${row}`, async () => {
        fake.setFault("docs-runbooks", fault);
        // The query matches nothing: an empty partial answer must still never read as no_match.
        const empty = await search(backend, "docs-runbooks", { query: nothing });
        expect(empty).toMatchObject(expected);
        const matching = await search(backend, "docs-runbooks");
        expect(matching).toMatchObject(expected);
      });
    }

    it("row: a shard of a pattern rebuilding is a partial answer: transient", async () => {
      fake.setFault("docs-runbooks", { kind: "rebuilding" });
      expect(await search(backend, "docs-*")).toMatchObject({ kind: "transient" });
    });

    it("row: a slow search past the engine timeout comes back timed_out: transient", async () => {
      fake.setFault("docs-runbooks", { kind: "slow", delayMs: 400 });
      expect(await search(backend, "docs-runbooks", { timeLeftMs: 250 })).toMatchObject({
        kind: "transient",
      });
      expect(await search(backend, "docs-runbooks", { timeLeftMs: 2000 })).toMatchObject({
        kind: "page",
      });
    });

    it("row: 401 without credentials or with refused ones is unauthorized", async () => {
      expect(await search(backend, "docs-runbooks", { caller: { token: "wrong" } })).toMatchObject({
        kind: "unauthorized",
      });
      expect(
        await search(backend, "docs-runbooks", { caller: { headers: { "x-nothing": "1" } } }),
      ).toMatchObject({ kind: "unauthorized" });
    });

    it("row: 403 security_exception on a named index is forbidden", async () => {
      expect(await search(backend, "docs-policies", { caller: runbooksOnly })).toMatchObject({
        kind: "forbidden",
      });
      expect(await search(backend, "docs-runbooks", { caller: runbooksOnly })).toMatchObject({
        kind: "page",
      });
    });

    it("a pattern silently skips the indices the caller may not read", async () => {
      const page = await search(backend, "docs-*", { caller: runbooksOnly, query: "policy" });
      const all = await search(backend, "docs-*", { query: "policy" });
      expect(page.kind).toBe("page");
      expect(all.kind).toBe("page");
      if (page.kind !== "page" || all.kind !== "page") return;
      const readable = new Set(indices["docs-runbooks"]?.map((record) => record.document_id));
      for (const hit of page.hits) expect(readable.has(hit.documentId)).toBe(true);
      expect(all.hits.some((hit) => !readable.has(hit.documentId))).toBe(true);
    });

    it("sends the caller's token as Bearer and headers as given, run-as included", async () => {
      await search(backend, "docs-runbooks", { caller: runbooksOnly });
      expect(fake.requests[0]?.headers.authorization).toBe("Bearer runbooks-token");
      const runAs: Caller = {
        headers: {
          Authorization: "ApiKey service-key",
          "es-security-runas-user": "runbooks-reader",
        },
      };
      expect(await search(backend, "docs-runbooks", { caller: runAs })).toMatchObject({
        kind: "page",
      });
      expect(await search(backend, "docs-policies", { caller: runAs })).toMatchObject({
        kind: "forbidden",
      });
      expect(fake.requests[1]?.headers["es-security-runas-user"]).toBe("runbooks-reader");
    });

    it("never follows a redirect: the caller's credential never reaches the other origin", async () => {
      fake.setFault("docs-runbooks", { kind: "redirect" });
      expect(await search(backend, "docs-runbooks")).toMatchObject({
        kind: "failed",
        cause: "redirect",
      });
      expect(fake.requests.filter((request) => request.elsewhere)).toEqual([]);
    });

    it("never puts the engine's error text into the outcome", async () => {
      const secret = "the user's private words";
      fake.setFault("docs-runbooks", {
        kind: "error",
        status: 400,
        type: "illegal_argument_exception",
        reason: `failed to parse [${secret}] for user [alice]`,
      });
      const outcome = await search(backend, "docs-runbooks", { query: secret });
      expect(outcome).toEqual({
        kind: "failed",
        cause: "rejected",
        reason: "HTTP 400 illegal_argument_exception",
      });
      for (const fault of ["rejected", "read_blocked", "rebuilding"] as const) {
        fake.setFault("docs-runbooks", { kind: fault });
        const text = JSON.stringify(await search(backend, "docs-runbooks", { query: secret }));
        expect(text).not.toContain(secret);
        expect(text).not.toContain("QueueResizing");
        expect(text).not.toContain("docs-runbooks");
      }
    });

    it("reads an error body bounded: a huge one still maps by its status", async () => {
      const huge = "x".repeat(200_000);
      fake.setFault("docs-runbooks", {
        kind: "error",
        status: 429,
        type: "circuit_breaking_exception",
        reason: huge,
      });
      const overloaded = await search(backend, "docs-runbooks");
      expect(overloaded).toMatchObject({ kind: "overloaded" });
      expect(JSON.stringify(overloaded).length).toBeLessThan(200);
      fake.setFault("docs-runbooks", {
        kind: "error",
        status: 404,
        type: "index_not_found_exception",
        reason: huge,
      });
      expect(await search(backend, "docs-runbooks", { query: nothing })).toMatchObject({
        kind: "failed",
        cause: "misconfigured",
      });
    });

    it("refuses a collection id that cannot be an index expression, with no request", async () => {
      for (const collectionId of [
        "",
        "docs/../_cat",
        "_cat",
        "docs?x=1",
        "a,,b",
        "-docs",
        "docs runbooks",
      ]) {
        expect(await search(backend, collectionId)).toMatchObject({
          kind: "failed",
          cause: "misconfigured",
        });
      }
      expect(fake.requests).toEqual([]);
    });

    it("refuses a continuation it did not issue, with no request", async () => {
      expect(await search(backend, "docs-runbooks", { continuation: "cursor-abc" })).toMatchObject({
        kind: "failed",
        cause: "rejected",
      });
      expect(fake.requests).toEqual([]);
    });

    it("prefer: recent weighs recency into the score: newer sections rise, best first still", async () => {
      const pageOf = async (prefer: "relevance" | "recent") => {
        const page = await backend.searchPage(
          {
            collectionId: "docs-*",
            query: "service",
            pageSize: 10,
            continuation: undefined,
            prefer,
          },
          testAttempt({ caller: reader }),
        );
        if (page.kind !== "page") throw new Error(`not a page: ${page.kind}`);
        return page.hits;
      };
      const relevance = await pageOf("relevance");
      const recent = await pageOf("recent");
      const meanAge = (hits: typeof recent) =>
        hits.reduce((sum, hit) => sum - Date.parse(hit.updated ?? ""), 0) / hits.length;
      expect(meanAge(recent)).toBeLessThan(meanAge(relevance));
      const scores = recent.map((hit) => hit.score);
      expect(scores).toEqual([...scores].sort((left, right) => right - left));
      const body = JSON.parse(fake.requests.at(-1)?.body ?? "{}");
      expect(body.query.function_score.functions).toEqual([
        { gauss: { updated_at: { origin: "now", scale: "180d", decay: 0.5 } } },
      ]);
      expect(body.sort).toBeUndefined();
    });

    describe("getDocument", () => {
      const documentId = String(indices["docs-runbooks"]?.[0]?.document_id);

      it("reads a document's sections in order", async () => {
        const outcome = await backend.getDocument(
          { collectionId: "docs-runbooks", documentId },
          testAttempt({ caller: reader }),
        );
        expect(outcome.kind).toBe("document");
        if (outcome.kind !== "document") return;
        const expected = (indices["docs-runbooks"] ?? []).filter(
          (record) => record.document_id === documentId,
        );
        expect(outcome.document.title).toBe(expected[0]?.title);
        expect(outcome.document.sections.map((section) => section.section)).toEqual(
          expected.map((_, position) => String(position + 1)),
        );
        expect(outcome.document.sections[0]?.text).toBe(expected[0]?.body);
        const body = JSON.parse(fake.requests[0]?.body ?? "{}");
        expect(body.query).toEqual({ bool: { filter: [{ term: { document_id: documentId } }] } });
        expect(body.sort).toEqual([{ section: { order: "asc" } }]);
        // Within the result window (60 here): at most 59 sections, one more asked for.
        expect(body.size).toBe(60);
      });

      it("an unknown document is not_found; a missing index is misconfigured", async () => {
        expect(
          await backend.getDocument(
            { collectionId: "docs-runbooks", documentId: "nope" },
            testAttempt({ caller: reader }),
          ),
        ).toEqual({ kind: "not_found" });
        expect(
          await backend.getDocument(
            { collectionId: "docs-gone", documentId },
            testAttempt({ caller: reader }),
          ),
        ).toMatchObject({ kind: "failed", cause: "misconfigured" });
      });

      it("a document over limits.documentSections is too_large, never cut", async () => {
        expect(
          await backend.getDocument(
            { collectionId: "docs-runbooks", documentId },
            testAttempt({ caller: reader, limits: { documentSections: 2 } }),
          ),
        ).toMatchObject({ kind: "failed", cause: "too_large" });
        expect(JSON.parse(fake.requests[0]?.body ?? "{}").size).toBe(3);
      });

      it("a forbidden index is forbidden; a partial answer is transient, never a shorter document", async () => {
        expect(
          await backend.getDocument(
            { collectionId: "docs-runbooks", documentId },
            testAttempt({ caller: { token: "x" } }),
          ),
        ).toMatchObject({ kind: "unauthorized" });
        expect(
          await backend.getDocument(
            { collectionId: "docs-policies", documentId },
            testAttempt({ caller: runbooksOnly }),
          ),
        ).toMatchObject({ kind: "forbidden" });
        fake.setFault("docs-runbooks", { kind: "timed_out" });
        expect(
          await backend.getDocument(
            { collectionId: "docs-runbooks", documentId },
            testAttempt({ caller: reader }),
          ),
        ).toMatchObject({ kind: "transient" });
        fake.setFault("docs-runbooks", { kind: "rebuilding" });
        expect(
          await backend.getDocument(
            { collectionId: "docs-runbooks", documentId },
            testAttempt({ caller: reader }),
          ),
        ).toMatchObject({ kind: "rebuilding" });
      });
    });
  });
}

describe("elasticsearchBackend options", () => {
  it("refuses a URL that is not http(s), carries credentials, or has a query", () => {
    for (const url of [
      "ftp://search.internal",
      "https://elastic:changeme@search.internal",
      "https://search.internal/?a=1",
      "not a url",
    ]) {
      expect(() => elasticsearchBackend({ url })).toThrow(ConfigurationError);
    }
    try {
      elasticsearchBackend({ url: "https://elastic:changeme@search.internal" });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("changeme");
    }
  });

  it("refuses an unknown flavor, field, or a field name that would change the query", () => {
    expect(() => elasticsearchBackend({ url: "http://x", flavor: "solr" as never })).toThrow(
      ConfigurationError,
    );
    expect(() => elasticsearchBackend({ url: "http://x", fields: { text: "x" } as never })).toThrow(
      ConfigurationError,
    );
    expect(() => elasticsearchBackend({ url: "http://x", fields: { title: "title^10" } })).toThrow(
      ConfigurationError,
    );
    expect(() => elasticsearchBackend({ url: "http://x", titleBoost: 0 })).toThrow(
      ConfigurationError,
    );
  });

  it("never reads an inconsistent or malformed 200 as nothing matched, nor as a page", async () => {
    const answer = (body: unknown) => async () =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    const shards = { total: 1, successful: 1, skipped: 0, failed: 0 };
    const bodies: Array<[unknown, object]> = [
      [
        {
          timed_out: false,
          _shards: shards,
          hits: { total: { value: 3, relation: "eq" }, hits: [] },
        },
        { kind: "failed", cause: "malformed" },
      ],
      [
        { timed_out: false, _shards: shards, hits: {} },
        { kind: "failed", cause: "malformed" },
      ],
      [
        { timed_out: false, _shards: shards },
        { kind: "failed", cause: "malformed" },
      ],
      [
        { timed_out: false, _shards: { ...shards, total: 0, successful: 0 }, hits: { hits: [] } },
        { kind: "failed", cause: "misconfigured" },
      ],
      [
        {
          timed_out: false,
          _shards: shards,
          _clusters: { total: 2, skipped: 1 },
          hits: { hits: [] },
        },
        { kind: "transient" },
      ],
      [
        {
          timed_out: false,
          _shards: shards,
          hits: { total: { value: 0, relation: "eq" }, hits: [] },
        },
        { kind: "no_match" },
      ],
      [
        { timed_out: false, _shards: shards, hits: { hits: [{ _score: 1, _source: "text" }] } },
        { kind: "failed", cause: "malformed" },
      ],
      [
        {
          timed_out: false,
          _shards: shards,
          hits: {
            hits: [
              { _score: 1, _source: { document_id: "a", title: "A" }, highlight: { body: "x" } },
            ],
          },
        },
        { kind: "failed", cause: "malformed" },
      ],
      [
        {
          timed_out: false,
          _shards: shards,
          hits: { hits: [{ _score: 1, _source: { document_id: "a", title: "A" } }] },
        },
        { kind: "page", hits: [{ documentId: "a", title: "A", snippet: "", score: 1 }] },
      ],
    ];
    for (const [body, expected] of bodies) {
      const backend = elasticsearchBackend({ url: "http://search.internal", fetch: answer(body) });
      expect(await search(backend, "docs-runbooks")).toMatchObject(expected);
    }
  });

  it("uses the configured field names and keeps the URL's path prefix", async () => {
    const renamed = Object.fromEntries(
      Object.entries(indices).map(([name, records]) => [
        name,
        records.map(({ body, title, ...rest }) => ({ ...rest, text: body, name: title })),
      ]),
    );
    const fake = await startFakeElasticsearch({ indices: renamed });
    try {
      const backend = elasticsearchBackend({
        url: `${fake.url}/`,
        fields: { body: "text", title: "name" },
        titleBoost: 5,
      });
      const page = await search(backend, "docs-runbooks");
      expect(page).toMatchObject({ kind: "page" });
      expect(JSON.parse(fake.requests[0]?.body ?? "{}").query.multi_match.fields).toEqual([
        "name^5",
        "heading",
        "text",
      ]);
    } finally {
      await fake.close();
    }
  });
});
