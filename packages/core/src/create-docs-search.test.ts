import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixtureCorpus } from "./__fixtures__/fixture-corpus.js";
import { createDocsSearch, type DocsSearchOptions } from "./create-docs-search.js";
import { ConfigurationError } from "./errors/configuration-error.js";
import { InvalidInputError } from "./errors/invalid-input-error.js";
import { UpstreamFusionReranker } from "./rerank/upstream-fusion-reranker.js";
import { RetryBudget } from "./retry/retry-budget.js";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "./testing/index.js";
import type { Trace } from "./trace/trace.js";

let service: FakeDocsService;

beforeAll(async () => {
  service = await startFakeDocsService({ corpus: fixtureCorpus() });
});
afterAll(() => service.close());
afterEach(() => {
  service.clearFaults();
  service.clearRequests();
});

function makeDocs(options: Partial<DocsSearchOptions> = {}) {
  const traces: Trace[] = [];
  const docs = createTestDocsSearch(service, {
    portalUrl: "https://docs.example.com/",
    limits: { conflictWaitMs: 200 },
    onTrace: (trace) => {
      traces.push(trace);
    },
    ...options,
  });
  return { docs, traces };
}

const collection = (area: string) => service.areas[area]?.[0] as string;
const requestsTo = (area: string) =>
  service.requests.filter((request) => request.collectionId === collection(area));
const everyone = () => ({ caller: { token: service.tokens.everything } });

describe("search_docs status matrix", () => {
  it("ok: results best first, at most 8, refs, one request per collection when one page holds all", async () => {
    const { docs } = makeDocs();
    const { output, trace } = await docs.search({ query: "idempotency header" }, everyone());
    expect(output.status).toBe("ok");
    expect(output.results[0]).toMatchObject({
      ref: "api-reference/create-invoice#0",
      title: "POST /v1/invoices",
      area: "api-reference",
      updated: "2025-11-30",
    });
    expect(output.results.length).toBeLessThanOrEqual(8);
    expect(Object.keys(output).sort()).toEqual(["more_matches_exist", "results", "status"]);
    expect(Object.keys(output.results[0] ?? {}).sort()).toEqual([
      "area",
      "passage",
      "ref",
      "title",
      "updated",
    ]);
    expect(service.requests.filter((request) => request.kind === "search")).toHaveLength(4);
    expect(trace.requests).toHaveLength(4);
    expect(trace.status).toBe("ok");
  });

  it("sends page_size=20, sort=relevance and the trimmed query", async () => {
    const { docs } = makeDocs();
    await docs.search({ query: "   laptop VPN  ", area: "onboarding" }, everyone());
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]).toMatchObject({
      query: "laptop VPN",
      pageSize: 20,
      sort: "relevance",
    });
  });

  it("no_matches: every collection answered 404, each asked exactly once", async () => {
    const { docs, traces } = makeDocs();
    const { output } = await docs.search({ query: "zeppelin xylophone" }, everyone());
    expect(output).toEqual({ results: [], more_matches_exist: false, status: "no_matches" });
    expect(service.requests).toHaveLength(4);
    expect(service.requests.every((request) => request.status === 404)).toBe(true);
    expect(traces[0]?.collections.every((entry) => entry.stop === "no_match")).toBe(true);
  });

  it("unavailable: a collection still reindexing after its 409 budget; the others' results are kept", async () => {
    const { docs } = makeDocs();
    service.setFault(collection("api-reference"), { kind: "reindex" });
    const started = performance.now();
    const { output, trace } = await docs.search(
      { query: "idempotency key 90 days laptop" },
      everyone(),
    );
    expect(performance.now() - started).toBeLessThan(1500);
    expect(output.status).toBe("unavailable");
    expect(output.more_matches_exist).toBe(true);
    expect(output.results.length).toBeGreaterThan(0);
    expect(output.results.some((result) => result.area === "api-reference")).toBe(false);
    expect(requestsTo("api-reference").length).toBeGreaterThan(1);
    const waited = trace.requests
      .filter((request) => request.collectionId === collection("api-reference"))
      .reduce((total, request) => total + request.waitMs, 0);
    expect(waited).toBeLessThanOrEqual(201); // the trace rounds each wait to 0.1 ms
    expect(trace.notes.join(" ")).toMatch(/reindexing \(409\) past its 200 ms wait budget/);
  });

  it("unavailable with nothing found elsewhere is still unavailable, never no_matches", async () => {
    const { docs } = makeDocs();
    service.setFault(collection("api-reference"), { kind: "reindex" });
    const { output } = await docs.search({ query: "zeppelin xylophone" }, everyone());
    expect(output).toEqual({ results: [], more_matches_exist: true, status: "unavailable" });
  });

  it("remembers a reindexing collection: the next call probes once and does not wait again", async () => {
    const { docs } = makeDocs({ limits: { conflictWaitMs: 200 } });
    service.setFault(collection("policies"), { kind: "reindex" });
    await docs.search({ query: "access keys", area: "policies" }, everyone());
    service.clearRequests();
    const started = performance.now();
    const { output } = await docs.search({ query: "access keys", area: "policies" }, everyone());
    expect(output.status).toBe("unavailable");
    expect(service.requests).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(150);
  });

  it("a reindex that clears within the budget is absorbed: ok", async () => {
    const { docs } = makeDocs({ limits: { conflictWaitMs: 2000 } });
    service.setFault(collection("policies"), { kind: "reindex", requests: 2 });
    const { output } = await docs.search({ query: "access keys", area: "policies" }, everyone());
    expect(output.status).toBe("ok");
    expect(service.requests.map((request) => request.status)).toEqual([409, 409, 200]);
  });

  it("honours a 409's Retry-After when it fits the budget", async () => {
    const { docs } = makeDocs({ limits: { conflictWaitMs: 2000 } });
    service.setFault(collection("policies"), {
      kind: "reindex",
      requests: 1,
      retryAfterSeconds: 1,
    });
    const { output, trace } = await docs.search(
      { query: "access keys", area: "policies" },
      everyone(),
    );
    expect(output.status).toBe("ok");
    expect(trace.requests.map((request) => request.waitMs)).toEqual([0, 1000]);
  });

  it("429: retried with backoff, at most 3 attempts, then unavailable", async () => {
    const { docs } = makeDocs();
    service.setFault(collection("onboarding"), { kind: "shed", retryAfterSeconds: 0 });
    const { output } = await docs.search({ query: "laptop", area: "onboarding" }, everyone());
    expect(output.status).toBe("unavailable");
    expect(service.requests.map((request) => request.status)).toEqual([429, 429, 429]);
  });

  it("429 whose Retry-After does not fit the deadline: gives up at once, without sleeping", async () => {
    const { docs, traces } = makeDocs({ limits: { deadlineMs: 2000 } });
    service.setFault(collection("onboarding"), { kind: "shed", retryAfterSeconds: 30 });
    const started = performance.now();
    const { output } = await docs.search({ query: "laptop", area: "onboarding" }, everyone());
    expect(performance.now() - started).toBeLessThan(300);
    expect(output.status).toBe("unavailable");
    expect(service.requests).toHaveLength(1);
    expect(traces[0]?.notes.join(" ")).toMatch(/30000 ms wait does not fit/);
  });

  it("5xx and connection resets are retried; a transient fault that clears is absorbed", async () => {
    const { docs } = makeDocs();
    service.setFault(collection("onboarding"), { kind: "error", status: 502, requests: 1 });
    expect(
      (await docs.search({ query: "laptop", area: "onboarding" }, everyone())).output.status,
    ).toBe("ok");
    service.setFault(collection("onboarding"), { kind: "reset", requests: 2 });
    service.clearRequests();
    const { output, trace } = await docs.search(
      { query: "laptop", area: "onboarding" },
      everyone(),
    );
    expect(output.status).toBe("ok");
    expect(trace.requests.map((request) => request.status)).toEqual(["network", "network", 200]);
  });

  it("the process-wide retry budget stops retries when it is spent", async () => {
    const { docs, traces } = makeDocs({
      retryBudget: new RetryBudget({ ratio: 0, floor: 0, windowMs: 10_000 }),
    });
    service.setFault(collection("onboarding"), { kind: "error", status: 503 });
    const { output } = await docs.search({ query: "laptop", area: "onboarding" }, everyone());
    expect(output.status).toBe("unavailable");
    expect(service.requests).toHaveLength(1);
    expect(traces[0]?.notes.join(" ")).toMatch(/retry budget is spent/);
  });

  it("malformed body: unavailable after one request, and the trace says why", async () => {
    const { docs, traces } = makeDocs();
    service.setFault(collection("onboarding"), { kind: "malformed" });
    const { output } = await docs.search({ query: "laptop", area: "onboarding" }, everyone());
    expect(output.status).toBe("unavailable");
    expect(service.requests).toHaveLength(1);
    expect(traces[0]?.notes.join(" ")).toMatch(/malformed body/);
  });

  it("401 and unexpected 4xx: unavailable, never retried", async () => {
    const { docs } = makeDocs();
    const { output, trace } = await docs.search(
      { query: "laptop" },
      { caller: { token: "not-a-known-token" } },
    );
    expect(output.status).toBe("unavailable");
    expect(service.requests).toHaveLength(4);
    expect(trace.notes.join(" ")).toMatch(/unauthorized \(401\)/);
  });

  it("a 401 tells the app to re-authenticate the user; the model only hears unavailable", async () => {
    const { docs } = makeDocs();
    const refused = await docs.search({ query: "laptop" }, { caller: { token: "expired" } });
    expect(refused.unauthorized).toBe(true);
    expect(JSON.stringify(refused.output)).not.toMatch(/401|unauthori/i);
    service.setFault(collection("onboarding"), { kind: "error", status: 403 });
    const forbidden = await docs.search({ query: "laptop" }, everyone());
    expect(forbidden.unauthorized).toBe(false);
    service.clearFaults();
    const { output } = await docs.search(
      { query: "VPN client laptop", area: "onboarding" },
      everyone(),
    );
    const ref = output.results[0]?.ref as string;
    const read = await docs.getDocument({ ref }, { caller: { token: "expired" } });
    expect(read).toMatchObject({ unauthorized: true, urls: {}, output: { status: "unavailable" } });
  });

  it("the app's hooks run beside the answer: a promise they return is never awaited", async () => {
    const heard: string[] = [];
    const { docs } = makeDocs({
      limits: { deadlineMs: 500 },
      onTrace: (trace) => {
        heard.push(`trace ${trace.status}`);
        return new Promise<void>(() => {}); // a log sink that never answers
      },
      onUnauthorized: ({ tool }) => {
        heard.push(`unauthorized ${tool}`);
        return Promise.reject(new Error("re-auth service down"));
      },
    });
    const started = performance.now();
    const refused = await docs.search({ query: "laptop" }, { caller: { token: "expired" } });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(refused.output.status).toBe("unavailable");
    expect(heard).toEqual(["trace unavailable", "unauthorized search_docs"]);
  });

  it("a slow collection is cut off by the deadline; the call returns on time", async () => {
    const { docs } = makeDocs({
      limits: { deadlineMs: 400 },
      retry: { attemptTimeoutMs: 5000 },
    });
    service.setFault(collection("onboarding"), { kind: "slow", ms: 3000 });
    const started = performance.now();
    const { output, trace } = await docs.search({ query: "laptop keys" }, everyone());
    expect(performance.now() - started).toBeLessThan(400 + 150);
    expect(output.status).toBe("unavailable");
    expect(trace.notes.join(" ")).toMatch(/onboarding\) unavailable/);
  });
});

describe("403 and caller scoping", () => {
  it("omits a forbidden collection silently, after one request, and the status stays ok", async () => {
    const { docs } = makeDocs();
    const { output, trace } = await docs.search(
      { query: "keys rotate 90 days" },
      { caller: { token: service.tokens.noPolicies } },
    );
    expect(output.status).toBe("ok");
    expect(output.results.some((result) => result.area === "policies")).toBe(false);
    expect(requestsTo("policies").map((request) => request.status)).toEqual([403]);
    expect(JSON.stringify(output)).not.toContain(collection("policies"));
    expect(trace.omitted).toEqual([
      { collectionId: collection("policies"), area: "policies", reason: "forbidden" },
    ]);
  });

  it("no_matches when the caller can read nothing in scope", async () => {
    const { docs } = makeDocs();
    const { output } = await docs.search(
      { query: "access keys", area: "policies" },
      { caller: { token: service.tokens.runbooksOnly } },
    );
    expect(output).toEqual({ results: [], more_matches_exist: false, status: "no_matches" });
  });

  it("two concurrent callers with different ACLs each see only their own documents", async () => {
    const { docs } = makeDocs();
    const calls = Array.from({ length: 20 }, (_, index) =>
      docs.search(
        { query: "keys 90 days laptop rotate" },
        { caller: { token: index % 2 ? service.tokens.runbooksOnly : service.tokens.everything } },
      ),
    );
    const answers = await Promise.all(calls);
    answers.forEach(({ output }, index) => {
      const areas = new Set(output.results.map((result) => result.area));
      if (index % 2) expect([...areas]).toEqual(["runbooks"]);
      else expect(areas.size).toBeGreaterThan(1);
    });
  });

  it("accepts credentials as headers", async () => {
    const { docs } = makeDocs();
    const { output } = await docs.search(
      { query: "laptop", area: "onboarding" },
      { caller: { headers: { "X-Docs-User": service.tokens.everything } } },
    );
    expect(output.status).toBe("ok");
  });

  it("puts credentials in no output, trace or error", async () => {
    const secret = service.tokens.everything;
    const { docs, traces } = makeDocs();
    service.setFault(collection("policies"), { kind: "malformed" });
    const search = await docs.search({ query: "rotate keys" }, { caller: { token: secret } });
    const document = await docs.getDocument(
      { ref: search.output.results[0]?.ref ?? "" },
      { caller: { token: secret } },
    );
    const failures = await Promise.allSettled([
      docs.search({ query: "" }, { caller: { token: secret } }),
      docs.search({ query: "x" }, { caller: { token: `${secret}\n` } }),
      docs.getDocument({ ref: 42 as unknown as string }, { caller: { token: secret } }),
    ]);
    const everything = JSON.stringify([
      search,
      document,
      traces,
      failures.map((failure) => String((failure as PromiseRejectedResult).reason)),
    ]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/Bearer/i);
  });
});

describe("paging and ranking", () => {
  it("walks the cursor in order and ranks every page together", async () => {
    // A reranker that trusts titles over the backend lifts a page-2 hit over all of page 1.
    const { docs } = makeDocs({
      paging: { mode: "exhaustive" },
      reranker: new UpstreamFusionReranker({ titleWeight: 1 }),
    });
    const { output, trace } = await docs.search(
      { query: "rotate a service account key", area: "runbooks" },
      everyone(),
    );
    expect(trace.requests.length).toBeGreaterThan(1);
    const upstreamPages = service.requests.map((request) => request.cursor === undefined);
    expect(upstreamPages[0]).toBe(true);
    expect(upstreamPages.slice(1).every((first) => first === false)).toBe(true);
    expect(output.results[0]?.ref).toMatch(/^runbooks\/key-rotation#/);
    expect(output.more_matches_exist).toBe(true);
  });

  it("stops at the page cap and says more matches exist", async () => {
    const { docs, traces } = makeDocs({
      limits: { maxUpstreamPages: 2 },
      paging: { mode: "exhaustive" },
    });
    const { output } = await docs.search({ query: "rotate", area: "runbooks" }, everyone());
    expect(service.requests).toHaveLength(2);
    expect(output.more_matches_exist).toBe(true);
    expect(output.results).toHaveLength(8);
    expect(traces[0]?.collections[0]?.stop).toBe("page_cap");
  });

  it.each([
    ["flat", () => 0.5],
    ["slowly falling", (rank: number) => 1 - rank / 1000],
  ])("walks a backend whose scores stay %s to the page cap (6 requests)", async (_name, score) => {
    let requests = 0;
    const { docs, traces } = makeDocs({
      fetch: async (url) => {
        requests += 1;
        const cursor = new URL(String(url)).searchParams.get("cursor");
        const page = cursor === null ? 0 : Number(cursor.slice(1));
        const items = Array.from({ length: 20 }, (_, index) => {
          const rank = page * 20 + index;
          return {
            document_id: `d${rank}`,
            title: `Doc ${rank}`,
            score: score(rank),
            snippet: "a note",
          };
        });
        return Response.json({
          items,
          next_cursor: `p${page + 1}`,
          has_more: true,
          collection_version: 1,
        });
      },
    });
    const { output } = await docs.search({ query: "note", area: "runbooks" }, everyone());
    expect(requests).toBe(6);
    expect(traces[0]?.collections[0]?.stop).toBe("page_cap");
    expect(output).toMatchObject({ status: "ok", more_matches_exist: true });
    expect(output.results).toHaveLength(8);
  });

  it("de-duplicates hits by collection, document and section", async () => {
    const { docs } = makeDocs({ fetch: repeatingFetch() });
    const { output } = await docs.search({ query: "rotate", area: "runbooks" }, everyone());
    const refs = output.results.map((result) => result.ref);
    expect(new Set(refs).size).toBe(refs.length);
  });

  it("ends a walk on a repeated cursor or has_more without a cursor", async () => {
    for (const mode of ["loop", "missing"] as const) {
      service.clearRequests();
      const { docs, traces } = makeDocs({
        fetch: cursorTroubleFetch(mode),
        paging: { mode: "exhaustive" },
      });
      const { output } = await docs.search({ query: "rotate", area: "runbooks" }, everyone());
      expect(output.status).toBe("ok");
      expect(traces[0]?.collections[0]?.stop).toBe(
        mode === "loop" ? "cursor_loop" : "missing_cursor",
      );
      expect(service.requests.length).toBe(mode === "loop" ? 2 : 1);
    }
  });
});

describe("the collection changing under a walk", () => {
  it("a cursor rejected with 400 mid-walk restarts the collection once from page one", async () => {
    const { docs } = makeDocs({ paging: { mode: "exhaustive" } });
    service.setFault(collection("runbooks"), { kind: "version-flip", afterRequests: 1 });
    const { output } = await docs.search({ query: "rotate", area: "runbooks" }, everyone());
    expect(output.status).toBe("ok");
    const statuses = service.requests.map((request) => request.status);
    expect(statuses.slice(0, 3)).toEqual([200, 400, 200]);
    expect(service.requests[2]?.cursor).toBeUndefined();
    expect(new Set(output.results.map((result) => result.ref)).size).toBe(output.results.length);
  });

  it("a second rejection answers from the pages read since the restart: it answered, it is not down", async () => {
    const { docs, traces } = makeDocs({
      fetch: rejectingCursorFetch(),
      paging: { mode: "exhaustive" },
    });
    const { output } = await docs.search({ query: "rotate", area: "runbooks" }, everyone());
    expect(output).toMatchObject({ status: "ok", more_matches_exist: true });
    expect(output.results.length).toBeGreaterThan(0);
    expect(traces[0]?.requests.map((request) => request.status)).toEqual([200, 400, 200, 400]);
    expect(traces[0]?.collections[0]?.stop).toBe("version_changed");
    expect(traces[0]?.collections[0]?.reason).toMatch(
      /rejected again: answered from the pages read at one version/,
    );
    expect(traces[0]?.failures).toEqual([]);
  });

  it("collection_version moving on every page: the answer comes from one version's pages, more_matches_exist", async () => {
    const { docs, traces } = makeDocs({
      fetch: versionBumpingFetch(),
      paging: { mode: "exhaustive" },
    });
    const { output } = await docs.search({ query: "rotate", area: "runbooks" }, everyone());
    expect(output).toMatchObject({ status: "ok", more_matches_exist: true });
    // Page 1 (version 1), page 2 (version 2: restart), page 1 again (version 3), page 2
    // (version 4: dropped). The answer is the third request's page, read at version 3.
    expect(traces[0]?.requests).toHaveLength(4);
    expect(traces[0]?.collections[0]).toMatchObject({ stop: "version_changed", candidates: 20 });
    expect(traces[0]?.collections[0]?.reason).toMatch(/collection_version changed mid-walk again/);
    expect(traces[0]?.failures).toEqual([]);
  });
});

describe("get_document and refs", () => {
  it("round-trips a ref: content starts at the referenced section", async () => {
    const { docs } = makeDocs();
    const { output, urls } = await docs.search(
      { query: "VPN client laptop", area: "onboarding" },
      everyone(),
    );
    const ref = output.results[0]?.ref as string;
    expect(ref).toBe("onboarding/first-day#0");
    expect(docs.refUrl(ref)).toBe("https://docs.example.com/onboarding/first-day#0");
    // Every result comes with its portal URL, for the app; none without a portalUrl.
    expect(Object.keys(urls)).toEqual(output.results.map((result) => result.ref));
    expect(urls[ref]).toBe("https://docs.example.com/onboarding/first-day#0");
    const withoutPortal = createDocsSearch({ baseUrl: service.url, areas: service.areas });
    expect(
      (await withoutPortal.search({ query: "VPN client laptop", area: "onboarding" }, everyone()))
        .urls,
    ).toEqual({});
    const accounts = await docs.getDocument({ ref: "onboarding/first-day#0" }, everyone());
    expect(accounts.urls).toEqual({ [ref]: "https://docs.example.com/onboarding/first-day#0" });
    expect(accounts.unauthorized).toBe(false);
    expect(accounts.output).toMatchObject({
      status: "ok",
      ref,
      title: "Your first day",
      area: "onboarding",
      updated: "2026-09-01",
      more_content_exists: false,
    });
    expect(accounts.output.content?.startsWith("Laptop\nYour laptop arrives")).toBe(true);
  });

  it("cuts content at the character budget and says so", async () => {
    const { docs } = makeDocs({ limits: { documentChars: 40 } });
    const { output } = await docs.search(
      { query: "VPN client laptop", area: "onboarding" },
      everyone(),
    );
    const document = await docs.getDocument({ ref: output.results[0]?.ref as string }, everyone());
    expect(document.output.content?.length).toBeLessThanOrEqual(40);
    expect(document.output.more_content_exists).toBe(true);
  });

  it("unknown, forged and malformed refs are not_found with no upstream request", async () => {
    const { docs } = makeDocs();
    for (const ref of [
      "runbooks/never-issued#1",
      "secrets/key-rotation#2",
      "../../etc/passwd",
      "",
    ]) {
      const { output } = await docs.getDocument({ ref }, everyone());
      expect(output).toEqual({
        status: "not_found",
        ref,
        title: null,
        area: null,
        updated: null,
        content: null,
        more_content_exists: false,
        continue_ref: null,
      });
    }
    expect(service.requests).toHaveLength(0);
  });

  it("a ref issued to one caller, read by another who may not: no_access and no content", async () => {
    const { docs } = makeDocs();
    const { output } = await docs.search({ query: "access keys", area: "policies" }, everyone());
    const ref = output.results[0]?.ref as string;
    const other = await docs.getDocument(
      { ref },
      { caller: { token: service.tokens.runbooksOnly } },
    );
    expect(other.output.status).toBe("no_access");
    expect(other.output.content).toBeNull();
    expect(other.output.title).toBeNull();
  });

  it("a reindexing collection makes get_document unavailable", async () => {
    const { docs } = makeDocs();
    const { output } = await docs.search({ query: "laptop", area: "onboarding" }, everyone());
    service.setFault(collection("onboarding"), { kind: "reindex" });
    const document = await docs.getDocument({ ref: output.results[0]?.ref as string }, everyone());
    expect(document.output.status).toBe("unavailable");
  });
});

describe("invalid input is a typed error with zero upstream requests", () => {
  const cases: Array<[string, unknown, string]> = [
    ["empty query", { query: "   " }, "query"],
    ["a query of zero-width characters only", { query: "\u200b\u200c\u200d\ufeff" }, "query"],
    [
      "a query of format characters, fillers and ideographic spaces only",
      { query: "\u3000\u202e\u2066\u00ad\u3164\u2800\ufe0f\u{e0041}" },
      "query",
    ],
    ["a 1001-character query", { query: "a".repeat(1001) }, "query"],
    ["a number for query", { query: 42 }, "query"],
    ["no query", {}, "query"],
    ["an unknown area", { query: "x", area: "secrets" }, "area"],
  ];

  it.each(cases)("%s", async (_name, input, field) => {
    const { docs } = makeDocs();
    const error = await docs
      .search(input as { query: string }, everyone())
      .catch((caught: unknown) => caught);
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).name).toBe("InvalidInputError");
    expect((error as InvalidInputError).field).toBe(field);
    expect((error as Error).message).toContain(field);
    expect(service.requests).toHaveLength(0);
  });

  it("a missing caller", async () => {
    const { docs } = makeDocs();
    for (const options of [undefined, {}, { caller: {} }, { caller: { token: "" } }]) {
      const error = await docs
        .search({ query: "laptop" }, options as never)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).field).toBe("caller");
    }
    const error = await docs
      .getDocument({ ref: "a/b" }, {} as never)
      .catch((caught: unknown) => caught);
    expect((error as InvalidInputError).field).toBe("caller");
    expect(service.requests).toHaveLength(0);
  });

  it("a non-string ref", async () => {
    const { docs } = makeDocs();
    const error = await docs
      .getDocument({ ref: 7 } as never, everyone())
      .catch((caught: unknown) => caught);
    expect((error as InvalidInputError).field).toBe("ref");
  });

  it("null for an optional area counts as omitted (providers' strict modes send it)", async () => {
    const { docs } = makeDocs();
    const { output } = await docs.search({ query: "laptop", area: null } as never, everyone());
    expect(output.status).toBe("ok");
  });

  it("bad configuration is a ConfigurationError naming the option", () => {
    expect(() => createDocsSearch({ baseUrl: "nope", areas: { a: ["c"] } })).toThrow(
      ConfigurationError,
    );
    expect(() => createDocsSearch({ baseUrl: "http://x", areas: {} })).toThrow(/areas/);
    expect(() => createDocsSearch({ baseUrl: "http://x", areas: { "Run Books": ["c"] } })).toThrow(
      /lower-case/,
    );
    expect(() => createDocsSearch({ baseUrl: "http://x", areas: { runbooks: [] } })).toThrow(
      /collection ids/,
    );
    expect(() =>
      createDocsSearch({ baseUrl: "https://user:secret@docs.example", areas: { a: ["c"] } }),
    ).toThrow(/user name or password/);
  });

  it("a limit out of range or unknown is a ConfigurationError naming it", () => {
    const withLimits = (limits: object) => () =>
      createDocsSearch({ baseUrl: "http://x", areas: { a: ["c"] }, limits });
    // Past 2^31 - 1 ms a timer fires at once: every call would be unavailable.
    expect(withLimits({ deadlineMs: 2 ** 31 })).toThrow(/limits.deadlineMs must be a whole number/);
    expect(withLimits({ resultCap: 0 })).toThrow(/limits.resultCap/);
    expect(withLimits({ passageChars: Number.NaN })).toThrow(/limits.passageChars/);
    expect(withLimits({ responseBytes: "4MB" })).toThrow(/limits.responseBytes/);
    expect(withLimits({ deadlineMS: 1000 })).toThrow(/limits.deadlineMS is not a limit/);
    expect(withLimits({ conflictWaitMs: 0, deadlineMs: undefined })).not.toThrow();
  });
});

describe("the injected fetch", () => {
  it("receives a URL string and a plain init carrying the caller's header and a signal", async () => {
    const seen: Array<{ url: unknown; init: RequestInit | undefined }> = [];
    const { docs } = makeDocs({
      fetch: async (url, init) => {
        seen.push({ url, init });
        return fetch(url, init);
      },
    });
    const { output } = await docs.search({ query: "laptop", area: "onboarding" }, everyone());
    expect(output.status).toBe("ok");
    expect(typeof seen[0]?.url).toBe("string");
    expect(seen[0]?.url).toMatch(/\/v2\/collections\/[0-9a-f-]+\/documents\/search\?/);
    expect(seen[0]?.init?.method).toBe("GET");
    expect((seen[0]?.init?.headers as Record<string, string> | undefined)?.authorization).toBe(
      `Bearer ${service.tokens.everything}`,
    );
    expect(seen[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });
});

describe("abort and traces", () => {
  it("the caller's AbortSignal cancels the call promptly", async () => {
    const { docs, traces } = makeDocs();
    service.setFault(collection("onboarding"), { kind: "slow", ms: 3000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = await docs
      .search({ query: "laptop", area: "onboarding" }, { ...everyone(), signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(500);
    expect((error as Error).name).toBe("AbortError");
    expect(traces[0]?.status).toBe("aborted");
  });

  it("every call gets a trace id; onTrace receives the trace; a throwing onTrace changes nothing", async () => {
    const docs = createDocsSearch({
      baseUrl: service.url,
      areas: service.areas,
      onTrace: () => {
        throw new Error("observability is down");
      },
    });
    const first = await docs.search({ query: "laptop" }, everyone());
    const second = await docs.search({ query: "laptop" }, everyone());
    expect(first.trace.traceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.trace.traceId).not.toBe(second.trace.traceId);
    expect(first.output.status).toBe("ok");
    expect(first.trace.requests.find((request) => request.area === "onboarding")).toMatchObject({
      page: 1,
      attempt: 1,
      status: 200,
      waitMs: 0,
    });
  });
});

/** Serves the real backend's first page twice over, as if its cursor restarted the walk. */
function repeatingFetch(): typeof fetch {
  let first: unknown;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok) return response;
    const body = (await response.json()) as { items: unknown[]; next_cursor: string | null };
    first ??= body.items;
    return Response.json({ ...body, items: [...(first as unknown[]), ...body.items] });
  };
}

/** Makes the backend's cursor misbehave: the same cursor again, or has_more without one. */
function cursorTroubleFetch(mode: "loop" | "missing"): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok) return response;
    const body = (await response.json()) as { next_cursor: string | null };
    const request = input instanceof Request ? new URL(input.url) : new URL(String(input));
    const cursor = request.searchParams.get("cursor");
    return Response.json({
      ...body,
      has_more: true,
      next_cursor: mode === "missing" ? null : (cursor ?? body.next_cursor),
    });
  };
}

/** Answers every request that carries a cursor with 400, as a backend whose data keeps moving. */
function rejectingCursorFetch(): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).searchParams.has("cursor")) {
      return Response.json({ error: "invalid_cursor" }, { status: 400 });
    }
    return fetch(input, init);
  };
}

/** Reports a new collection_version on every page. */
function versionBumpingFetch(): typeof fetch {
  let version = 0;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok) return response;
    const body = (await response.json()) as object;
    version += 1;
    return Response.json({ ...body, collection_version: version });
  };
}
