import { describe, expect, it } from "vitest";
import type {
  BackendAttempt,
  BackendHit,
  DocumentOutcome,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import { createDocsSearch, type DocsSearchOptions } from "../create-docs-search.js";
import { ConfigurationError } from "../errors/configuration-error.js";

// The session drives any backend the same way: these backends are written inline, each doing
// one thing a real engine (or a buggy backend) does.

const token = "sk_session_secret_1234";
const caller = { caller: { token } };

function hit(documentId: string, score = 1): BackendHit {
  return { documentId, title: `Title ${documentId}`, snippet: `About ${documentId}`, score };
}

function backendOf(
  searchPage: (request: PageRequest, attempt: BackendAttempt) => Promise<PageOutcome>,
  getDocument: SearchBackend["getDocument"] = async () => ({ kind: "not_found" }),
): SearchBackend {
  return { specificationVersion: "v1", name: "inline", searchPage, getDocument };
}

function docsOver(backend: SearchBackend, options: Partial<DocsSearchOptions<"docs">> = {}) {
  return createDocsSearch({
    backend,
    areas: { docs: ["c1"] },
    retry: { baseDelayMs: 1, maxDelayMs: 2, conflictBaseDelayMs: 1 },
    ...options,
  });
}

describe("the session over any backend", () => {
  it("a page is ok; no_match is no_matches; a failure is never no_matches", async () => {
    const answers: PageOutcome[] = [
      { kind: "page", hits: [hit("a")], more: false },
      { kind: "no_match" },
      { kind: "failed", cause: "misconfigured", reason: "no such index" },
    ];
    const statuses = [];
    for (const answer of answers) {
      const docs = docsOver(backendOf(async () => answer));
      const { output, trace } = await docs.search({ query: "a" }, caller);
      statuses.push([output.status, trace.failures.map((failure) => failure.kind)]);
    }
    expect(statuses).toEqual([
      ["ok", []],
      ["no_matches", []],
      ["unavailable", ["misconfigured"]],
    ]);
  });

  it("a backend that throws is a transient fault: retried, then unavailable, its message traced without the credential", async () => {
    let calls = 0;
    const docs = docsOver(
      backendOf(async (_request, attempt) => {
        calls += 1;
        const secret = "token" in attempt.caller ? attempt.caller.token : "";
        throw new Error(`connect failed for ${secret} (Bearer ${secret})`);
      }),
    );
    const { output, trace } = await docs.search({ query: "a" }, caller);
    expect(output.status).toBe("unavailable");
    expect(calls).toBe(3);
    expect(trace.failures).toMatchObject([{ kind: "unexpected" }]);
    expect(trace.failures[0]?.reason).toContain("connect failed");
    expect(JSON.stringify({ output, trace })).not.toContain(token);
  });

  it("an attempt that threw keeps its message, scrubbed, on its request row when a retry then succeeds", async () => {
    let calls = 0;
    const docs = docsOver(
      backendOf(async (_request, attempt) => {
        calls += 1;
        const secret = "token" in attempt.caller ? attempt.caller.token : "";
        if (calls === 1) throw new TypeError(`socket hang up talking as ${secret}`);
        return { kind: "page", hits: [hit("a")], more: false };
      }),
    );
    const { output, trace } = await docs.search({ query: "a" }, caller);
    expect(output.status).toBe("ok");
    expect(trace.failures).toEqual([]);
    expect(
      trace.requests.map(({ attempt, status, failure, thrown }) => ({
        attempt,
        status,
        failure,
        thrown,
      })),
    ).toEqual([
      {
        attempt: 1,
        status: "error",
        failure: "unexpected",
        thrown: "the backend threw TypeError: socket hang up talking as [credential]",
      },
      { attempt: 2, status: "page", failure: undefined, thrown: undefined },
    ]);
    expect(JSON.stringify(trace)).not.toContain(token);
  });

  it("the trace names the backend that answered", async () => {
    const docs = docsOver(backendOf(async () => ({ kind: "page", hits: [hit("a")], more: false })));
    const { output, trace } = await docs.search({ query: "a" }, caller);
    expect(trace.backend).toBe("inline");
    const ref = output.results[0]?.ref ?? "";
    expect((await docs.getDocument({ ref }, caller)).trace.backend).toBe("inline");
  });

  it("garbage from a backend is malformed: unavailable at once, never a crash", async () => {
    const garbage: unknown[] = [
      undefined,
      "page",
      { kind: "page", hits: "many", more: false },
      { kind: "page", hits: [{ documentId: 7 }], more: false },
      { kind: "page", hits: [{ ...hit("a"), score: Number.NaN }], more: false },
      {
        kind: "page",
        hits: Array.from({ length: 101 }, (_, index) => hit(`d${index}`)),
        more: false,
      },
      { kind: "maybe" },
      { kind: "failed", cause: "sunspots" },
    ];
    for (const answer of garbage) {
      let calls = 0;
      const docs = docsOver(
        backendOf(async () => {
          calls += 1;
          return answer as PageOutcome;
        }),
      );
      const { output, trace } = await docs.search({ query: "a" }, caller);
      expect(output.status).toBe("unavailable");
      expect(trace.failures).toMatchObject([{ kind: "malformed" }]);
      expect(calls).toBe(1);
    }
  });

  it("a backend that never settles and ignores its signal costs the collection unavailable by the deadline", async () => {
    const docs = docsOver(
      backendOf(() => new Promise<PageOutcome>(() => {})),
      { limits: { deadlineMs: 300 } },
    );
    const started = performance.now();
    const { output, trace } = await docs.search({ query: "a" }, caller);
    expect(performance.now() - started).toBeLessThan(300 + 250);
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ kind: "deadline" }]);
  });

  it("the attempt's signal fires at its timeout, and the timed-out attempt is retried", async () => {
    let calls = 0;
    const docs = docsOver(
      backendOf(async (_request, attempt) => {
        calls += 1;
        if (calls === 1) {
          await new Promise((resolve) => attempt.signal.addEventListener("abort", resolve));
          throw attempt.signal.reason;
        }
        return { kind: "page", hits: [hit("a")], more: false };
      }),
      { retry: { attemptTimeoutMs: 50, baseDelayMs: 1, maxDelayMs: 2 } },
    );
    const { output, trace } = await docs.search({ query: "a" }, caller);
    expect(output.status).toBe("ok");
    expect(trace.requests.map((request) => [request.status, request.failure])).toEqual([
      ["timeout", "timeout"],
      ["page", undefined],
    ]);
  });

  it("retries by kind: overloaded and rebuilding are waited out, forbidden and unauthorized never", async () => {
    const run = async (failures: PageOutcome[]) => {
      let calls = 0;
      const docs = docsOver(
        backendOf(async () => failures[calls++] ?? { kind: "page", hits: [hit("a")], more: false }),
      );
      const result = await docs.search({ query: "a" }, caller);
      return { status: result.output.status, calls, unauthorized: result.unauthorized };
    };
    expect(await run([{ kind: "overloaded" }, { kind: "transient" }])).toMatchObject({
      status: "ok",
      calls: 3,
    });
    expect(
      await run([{ kind: "rebuilding", retryAfterMs: 5 }, { kind: "rebuilding" }]),
    ).toMatchObject({
      status: "ok",
      calls: 3,
    });
    expect(await run([{ kind: "forbidden" }])).toEqual({
      status: "no_matches",
      calls: 1,
      unauthorized: false,
    });
    expect(await run([{ kind: "unauthorized" }])).toEqual({
      status: "unavailable",
      calls: 1,
      unauthorized: true,
    });
  });

  it("a stale continuation mid-walk restarts the walk once from page one", async () => {
    const continuations: Array<string | undefined> = [];
    const docs = docsOver(
      backendOf(async (request) => {
        continuations.push(request.continuation);
        if (request.continuation === "2" && continuations.length === 2) {
          return { kind: "stale_continuation" };
        }
        return request.continuation === undefined
          ? { kind: "page", hits: [hit("a", 3)], more: true, next: "2" }
          : { kind: "page", hits: [hit("b", 2)], more: false };
      }),
      { paging: { mode: "exhaustive" } },
    );
    const { output } = await docs.search({ query: "a" }, caller);
    expect(continuations).toEqual([undefined, "2", undefined, "2"]);
    expect(output.status).toBe("ok");
    expect(output.results).toHaveLength(2);
  });

  it("get_document: forbidden is no_access, a failure unavailable, a document its sections in order", async () => {
    const documents: DocumentOutcome[] = [
      { kind: "forbidden" },
      { kind: "failed", cause: "misconfigured" },
      {
        kind: "document",
        document: {
          title: "Title a",
          sections: [
            { section: "1", heading: "First", text: "one" },
            { section: "2", heading: "Second", text: "two" },
          ],
        },
      },
    ];
    const statuses = [];
    for (const answer of documents) {
      const docs = docsOver(
        backendOf(
          async () => ({ kind: "page", hits: [{ ...hit("a"), section: "2" }], more: false }),
          async () => answer,
        ),
      );
      const { output } = await docs.search({ query: "a" }, caller);
      const ref = output.results[0]?.ref as string;
      const document = await docs.getDocument({ ref }, caller);
      statuses.push([document.output.status, document.output.content]);
    }
    expect(statuses).toEqual([
      ["no_access", null],
      ["unavailable", null],
      ["ok", "Second\ntwo"],
    ]);
  });
});

describe("createDocsSearch's backend option", () => {
  it("refuses a backend that is not a SearchBackend, and backend beside baseUrl", () => {
    expect(() => createDocsSearch({ backend: {} as SearchBackend, areas: { a: ["c"] } })).toThrow(
      ConfigurationError,
    );
    const backend = backendOf(async () => ({ kind: "no_match" }));
    expect(() =>
      createDocsSearch({ backend, baseUrl: "http://127.0.0.1:1234", areas: { a: ["c"] } }),
    ).toThrow(/not both/);
    expect(() => createDocsSearch({ areas: { a: ["c"] } })).toThrow(/give a backend, or baseUrl/);
  });
});
