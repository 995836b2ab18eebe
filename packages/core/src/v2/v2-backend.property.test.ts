import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocsSearch, type DocsSearchOptions } from "../create-docs-search.js";
import { RetryBudget } from "../retry/retry-budget.js";
import { backoffDelay, defaultRetryPolicy } from "../retry/retry-policy.js";
import { createFakeClock } from "../testing/fake-clock.js";

// The upstream client's retry decisions and request paths, against a `fetch` that answers
// whatever the property hands it. No real backend, and every wait on a fake clock.

const caller = { caller: { token: "property-token" } };

function recordingFetch(answer: (url: URL, count: number) => Response | Promise<Response>) {
  const urls: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    urls.push(url);
    return answer(url, urls.length);
  };
  return { fetch, urls };
}

function makeDocs(options: Partial<DocsSearchOptions<"alpha">>) {
  return createDocsSearch({
    baseUrl: "http://backend.test",
    areas: { alpha: ["col-a1"] },
    // A budget per docs instance with room to spare: these properties are about the policy.
    retryBudget: new RetryBudget({ ratio: 1, floor: 10_000, windowMs: 60_000 }),
    ...options,
  });
}

describe("409 retries are bounded by the collection's wait budget (property)", () => {
  // The n-th 409 retry is charged at least its backoff ceiling, so however small the random draw
  // or the Retry-After, a collection reindexing throughout sees a bounded number of requests.
  const policy = { ...defaultRetryPolicy, conflictBaseDelayMs: 4, maxDelayMs: 16 };
  const conflictWaitMs = 40;
  let maxRetries = 0;
  for (let spent = 0; spent < conflictWaitMs; maxRetries++) {
    spent += backoffDelay({
      retry: maxRetries + 1,
      baseMs: policy.conflictBaseDelayMs,
      capMs: policy.maxDelayMs,
      random: () => 1,
    });
  }

  it(`at most ${maxRetries + 1} requests, whatever Retry-After says and whatever the jitter draws`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(undefined, "0", "1", "soon"),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (retryAfter, draw) => {
          const { fetch, urls } = recordingFetch(() =>
            Response.json(
              { error: "reindexing" },
              {
                status: 409,
                headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
              },
            ),
          );
          const clock = createFakeClock();
          const docs = makeDocs({
            fetch,
            clock,
            retry: policy,
            limits: { conflictWaitMs, deadlineMs: 2000 },
            random: () => draw,
          });
          const { output, trace } = await docs.search({ query: "rotate" }, caller);
          expect(output.status).toBe("unavailable");
          expect(urls.length).toBeGreaterThanOrEqual(1);
          expect(urls.length).toBeLessThanOrEqual(maxRetries + 1);
          const waited = trace.requests.reduce((total, request) => total + request.waitMs, 0);
          expect(waited).toBeLessThanOrEqual(conflictWaitMs + 0.1);
          expect(clock.sleeps.reduce((total, wait) => total + wait, 0)).toBeCloseTo(waited, 0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("Retry-After longer than the time left gives up at once, without sleeping (property)", () => {
  it("one request, and the call returns well before the wait would have ended", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(429, 503, 409),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 50, max: 900 }),
        async (status, seconds, deadlineMs) => {
          const { fetch, urls } = recordingFetch(() =>
            Response.json(
              { error: "busy" },
              { status, headers: { "retry-after": String(seconds) } },
            ),
          );
          // The 409 budget is the deadline here, so a Retry-After of a second or more never fits.
          const clock = createFakeClock();
          const docs = makeDocs({
            fetch,
            clock,
            limits: { deadlineMs, conflictWaitMs: deadlineMs },
          });
          const { output, trace } = await docs.search({ query: "rotate" }, caller);
          expect(output.status).toBe("unavailable");
          expect(urls).toHaveLength(1);
          expect(trace.requests.map((request) => request.waitMs)).toEqual([0]);
          expect(clock.sleeps).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("hostile document ids from the backend (property)", () => {
  const loneSurrogate = fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff");
  const documentId = fc.oneof(
    fc.string({ minLength: 1, unit: "binary" }),
    fc.constantFrom(
      ".",
      "..",
      "../..",
      "../other-collection/documents/x",
      "%2e%2e",
      "a/b",
      "?q=1",
      "#x",
    ),
    fc
      .tuple(fc.string({ unit: "binary" }), loneSurrogate, fc.string({ unit: "binary" }))
      .map((parts) => parts.join("")),
  );

  it("get_document never rejects, and every request stays on that collection's documents", async () => {
    await fc.assert(
      fc.asyncProperty(documentId, async (id) => {
        const { fetch, urls } = recordingFetch((url) =>
          url.pathname.endsWith("/documents/search")
            ? Response.json({
                items: [{ document_id: id, title: "Key rotation", score: 1, snippet: "rotate" }],
                has_more: false,
              })
            : Response.json({ document_id: id, title: "Key rotation", sections: [] }),
        );
        const docs = makeDocs({ fetch });
        const search = await docs.search({ query: "rotate" }, caller);
        expect(search.output.status).toBe("ok");
        const ref = search.output.results[0]?.ref as string;
        const { output } = await docs.getDocument({ ref }, caller);
        expect(["ok", "not_found", "unavailable"]).toContain(output.status);
        for (const url of urls) {
          expect(url.pathname).toMatch(/^\/v2\/collections\/col-a1\/documents\/[^/]+$/);
          expect(url.pathname).not.toMatch(/\/\.\.?$/);
        }
      }),
      { numRuns: 150 },
    );
  });
});
