import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  closeRawServers,
  searchPageJson,
  startRawServer,
  writeForever,
} from "../__fixtures__/raw-server.js";
import { InFlightLimit } from "../backend/in-flight-limit.js";
import { createDocsSearch, type DocsSearchOptions } from "../create-docs-search.js";
import { RetryBudget } from "../retry/retry-budget.js";

// The client against backends that misbehave after their headers (or instead of them), each a
// raw node:http server written here, not the project's fake service. Every case has a promise:
// the call settles on time, memory and work stay bounded, no header of the caller's reaches
// another origin, and the status says what happened.

afterEach(closeRawServers);

const caller = { caller: { token: "hostile-test-token" } };

function makeDocs(url: string, options: Partial<DocsSearchOptions<"runbooks">> = {}) {
  return createDocsSearch({
    baseUrl: url,
    areas: { runbooks: ["c1"] },
    retryBudget: new RetryBudget({ ratio: 1, floor: 1000, windowMs: 10_000 }),
    retry: { baseDelayMs: 1, maxDelayMs: 2, ...options.retry },
    ...options,
    limits: { deadlineMs: 1000, ...options.limits },
  });
}

/** A search against a server answering every request 200 with `body`. */
async function searchServing(body: string) {
  const server = await startRawServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(body);
  });
  const docs = makeDocs(server.url, { limits: { deadlineMs: 5000 } });
  return { server, ...(await docs.search({ query: "rotate" }, caller)) };
}

/** Milliseconds `promise` took to settle. */
async function timed<Value>(promise: Promise<Value>): Promise<[Value, number]> {
  const started = performance.now();
  const value = await promise;
  return [value, performance.now() - started];
}

// Generous: the promise is deadline + 50 ms (the soak measures it at scale, net of the event
// loop's own delay); on a loaded machine a test only proves the call is not left to the
// transport's body timeout, which is minutes.
const settleSlackMs = 2000;

describe("a body that stalls or never ends", () => {
  it("a body that stalls after the headers (a byte per 100 ms): settles by the deadline, unavailable", async () => {
    const stalling = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"items": [');
      const timer = setInterval(() => response.write(" "), 100);
      response.on("close", () => clearInterval(timer));
    });
    const healthy = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(searchPageJson(3));
    });
    const docs = makeDocs(stalling.url, {
      limits: { deadlineMs: 1000 },
      retry: { attemptTimeoutMs: 5000 },
    });
    const others = makeDocs(healthy.url);
    // Ten stalled calls with other searches running beside them, and garbage collected meanwhile:
    // the body read must not hang on a derived signal nothing holds any more.
    setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    const collections = [250, 500, 750].map((ms) => setTimeout(collect, ms));
    try {
      const results = await Promise.all([
        ...Array.from({ length: 10 }, () => timed(docs.search({ query: "rotate" }, caller))),
        ...Array.from({ length: 10 }, () => timed(others.search({ query: "rotate" }, caller))),
      ]);
      for (const [{ output, trace }, elapsed] of results.slice(0, 10)) {
        expect(output.status).toBe("unavailable");
        expect(elapsed).toBeLessThan(1000 + settleSlackMs);
        expect(trace.failures.map((failure) => failure.kind)).toEqual(["deadline"]);
        expect(trace.requests[0]?.failure).toBe("deadline");
      }
      // The headers came (200); the body never did.
      const stalledAfterHeaders = results
        .slice(0, 10)
        .filter(([{ trace }]) => trace.requests[0]?.status === 200);
      expect(stalledAfterHeaders.length).toBeGreaterThan(0);
      for (const [{ output }] of results.slice(10)) expect(output.status).toBe("ok");
    } finally {
      for (const timer of collections) clearTimeout(timer);
    }
    // The stalled bodies were given up on: every connection was closed by the client.
    await expect.poll(() => stalling.abandoned()).toBe(10);
  });

  it("an injected fetch that drops the signal still cannot hold the call past its deadline", async () => {
    const stalling = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"items": [');
    });
    // A wrapper that forwards the URL and headers but not the signal, as some proxies' do.
    const signalless: typeof fetch = (input, init) =>
      fetch(input, { headers: init?.headers, redirect: init?.redirect });
    const docs = makeDocs(stalling.url, { fetch: signalless, limits: { deadlineMs: 800 } });
    const [{ output, trace }, elapsed] = await timed(docs.search({ query: "rotate" }, caller));
    expect(output.status).toBe("unavailable");
    expect(elapsed).toBeLessThan(800 + settleSlackMs);
    expect(trace.requests[0]).toMatchObject({ status: 200, failure: "deadline" });
    // The stream was cancelled, not left to read on in the background.
    await expect.poll(() => stalling.abandoned()).toBe(1);
  });

  it("a body that never ends: stops at limits.responseBytes, unavailable (too large), long before the deadline", async () => {
    const endless = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"items": [');
      writeForever(
        response,
        `${JSON.stringify({ document_id: "d", title: "t", score: 1, snippet: "x".repeat(1000) })},`,
      );
    });
    const docs = makeDocs(endless.url, {
      limits: { deadlineMs: 5000, responseBytes: 1024 * 1024 },
    });
    const [{ output, trace }, elapsed] = await timed(docs.search({ query: "rotate" }, caller));
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ kind: "too_large" }]);
    expect(trace.notes.join(" ")).toMatch(/response too large \(over 1048576 bytes decoded\)/);
    // Never retried: a body that large would be as large again.
    expect(trace.requests).toHaveLength(1);
    expect(elapsed).toBeLessThan(5000);
    await expect.poll(() => endless.abandoned()).toBe(1);
    // What the server got out before the client hung up: the bound plus socket buffers, not
    // everything it could write in the time a deadline gives.
    expect(endless.bytesWritten()).toBeLessThan(32 * 1024 * 1024);
  });

  it("an error status with a body that never comes is not read: the retry comes at once", async () => {
    const server = await startRawServer((_request, response, index) => {
      if (index === 0) {
        // Headers of a 503, then nothing: ky would wait for this body before deciding to retry.
        response.writeHead(503, { "content-type": "application/json" });
        response.write("{");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(searchPageJson(2));
    });
    const docs = makeDocs(server.url, {
      limits: { deadlineMs: 20_000 },
      retry: { attemptTimeoutMs: 10_000 },
    });
    const [{ output, trace }, elapsed] = await timed(docs.search({ query: "rotate" }, caller));
    expect(output.status).toBe("ok");
    expect(trace.requests.map((request) => request.status)).toEqual([503, 200]);
    expect(elapsed).toBeLessThan(5000);
  });
});

describe("bodies too large, compressed or not", () => {
  it("a gzip bomb (64 MiB inflated, 64 KiB sent) stops at the bound: unavailable, too large", async () => {
    const inflated = Buffer.concat([
      Buffer.from('{"items": [], "has_more": false, "pad": "'),
      Buffer.alloc(64 * 1024 * 1024, 0x30),
      Buffer.from('"}'),
    ]);
    const bomb = gzipSync(inflated, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(128 * 1024);
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": bomb.byteLength,
      });
      response.end(bomb);
    });
    const docs = makeDocs(server.url, { limits: { deadlineMs: 5000 } });
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    // A client that inflates it whole reads 64 MiB and answers "ok" from a valid page.
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ kind: "too_large" }]);
    expect(trace.requests).toHaveLength(1);
  });

  it("a 50 MB page said up front (content-length) is refused without reading it", async () => {
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": 50 * 1024 * 1024,
      });
      writeForever(response, "x".repeat(64 * 1024));
    });
    const docs = makeDocs(server.url, { limits: { deadlineMs: 5000 } });
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    await expect.poll(() => server.abandoned()).toBe(1);
    expect(server.bytesWritten()).toBeLessThan(32 * 1024 * 1024);
    expect(trace.failures).toMatchObject([{ kind: "too_large" }]);
  });

  it("a 50 MB page sent without a length stops at the bound", async () => {
    const { output, trace } = await searchServing(
      searchPageJson(1, { pad: "y".repeat(50 * 1024 * 1024) }),
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ kind: "too_large" }]);
  });

  it("a page of 1,000 items when 20 were asked is malformed: one request, no items kept", async () => {
    const { server, output, trace } = await searchServing(
      searchPageJson(1000, { has_more: true, next_cursor: "next" }),
    );
    expect(output.status).toBe("unavailable");
    expect(output.results).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(trace.failures).toMatchObject([
      { kind: "malformed", reason: "malformed body: 1000 items for page_size 20 (at most 100)" },
    ]);
  });

  it("6 pages of 100,000 items: the first is refused by its size, nothing more is asked", async () => {
    const { server, output, trace } = await searchServing(
      searchPageJson(100_000, { has_more: true, next_cursor: "next" }),
    );
    expect(output.status).toBe("unavailable");
    expect(server.requests).toHaveLength(1);
    expect(trace.failures).toMatchObject([{ kind: "too_large" }]);
  });
});

describe("redirects are never followed", () => {
  it.each([301, 302, 303, 307, 308])(
    "%i to another origin: no header of the caller's leaves the configured origin; unavailable, traced",
    async (status) => {
      const elsewhere = await startRawServer((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(searchPageJson(2));
      });
      const server = await startRawServer((_request, response) => {
        response.writeHead(status, { location: `${elsewhere.url}/steal?q=secret-path` });
        response.end();
      });
      const docs = makeDocs(server.url);
      const { output, trace } = await docs.search(
        { query: "rotate" },
        {
          caller: {
            headers: {
              authorization: "Bearer hostile-test-token",
              "x-api-key": "hostile-api-key",
              cookie: "session=hostile",
            },
          },
        },
      );
      expect(elsewhere.requests).toEqual([]);
      expect(output.status).toBe("unavailable");
      expect(trace.requests).toEqual([
        expect.objectContaining({ status, failure: "redirect", redirectOrigin: elsewhere.url }),
      ]);
      expect(trace.failures).toMatchObject([{ kind: "redirect" }]);
      expect(JSON.stringify(trace)).not.toContain("secret-path");
    },
  );

  it("a redirect loop is one request, counted, not dozens", async () => {
    const server = await startRawServer((request, response) => {
      response.writeHead(302, { location: request.url ?? "/" });
      response.end();
    });
    const docs = makeDocs(server.url);
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    expect(server.requests).toHaveLength(1);
    expect(trace.requests).toHaveLength(1);
    expect(trace.requests[0]?.redirectOrigin).toBe(server.url);
  });

  it("get_document's reads are not redirected either", async () => {
    const elsewhere = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
    const server = await startRawServer((request, response) => {
      if (request.url?.includes("/search")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(searchPageJson(1));
        return;
      }
      response.writeHead(307, { location: `${elsewhere.url}/documents/doc-0` });
      response.end();
    });
    const docs = makeDocs(server.url);
    const { output } = await docs.search({ query: "rotate" }, caller);
    const ref = output.results[0]?.ref as string;
    const document = await docs.getDocument({ ref }, caller);
    expect(document.output.status).toBe("unavailable");
    expect(document.trace.failures).toMatchObject([{ kind: "redirect" }]);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe("a connection cut after the headers is a transient fault", () => {
  it("a reset mid-body is retried like a reset before the headers", async () => {
    const body = searchPageJson(3);
    const server = await startRawServer((_request, response, index) => {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      });
      if (index === 0) {
        response.write(body.slice(0, 40));
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      response.end(body);
    });
    const docs = makeDocs(server.url);
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("ok");
    expect(output.results).toHaveLength(3);
    expect(
      trace.requests.map((request) => [request.attempt, request.status, request.failure]),
    ).toEqual([
      [1, 200, "network"],
      [2, 200, undefined],
    ]);
  });

  it("a body cut short of its content-length, every time: unavailable after the transient attempts", async () => {
    const body = searchPageJson(3);
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body) + 100,
      });
      response.write(body);
      setTimeout(() => response.socket?.end(), 20);
    });
    const docs = makeDocs(server.url);
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    expect(server.requests).toHaveLength(3);
    expect(trace.failures).toMatchObject([
      { kind: "network", reason: "network error while reading the body after 3 attempts" },
    ]);
  });
});

describe("what a page may say", () => {
  it("a megabyte snippet reaches the reranker cut to 2,000 characters, the passage to its bound", async () => {
    const huge = "rotate ".repeat(150_000);
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(searchPageJson(1).replace("rotate the service account key", huge));
    });
    const seen: number[] = [];
    const docs = makeDocs(server.url, {
      reranker: {
        rerank: ({ candidates }) => {
          for (const candidate of candidates) seen.push(candidate.snippet.length);
          return candidates;
        },
      },
      limits: { deadlineMs: 5000 },
    });
    const { output } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("ok");
    expect(seen).toEqual([2000]);
    expect(output.results[0]?.passage.length).toBeLessThanOrEqual(320);
  });

  it("a collection_version past 2^53 - 1 is a version like any other", async () => {
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        searchPageJson(2).replace(
          '"collection_version":1',
          '"collection_version":18446744073709551617',
        ),
      );
    });
    const { output } = await makeDocs(server.url).search({ query: "rotate" }, caller);
    expect(output.status).toBe("ok");
  });

  it("two versions past 2^53 that round to the same number are still told apart", async () => {
    // 2^64 + 1 and 2^64 + 2 are one double; digit for digit, they differ.
    const versions = ["18446744073709551617", "18446744073709551618"];
    const server = await startRawServer((request, response) => {
      const cursor = new URL(request.url ?? "/", "http://x").searchParams.get("cursor");
      const version = versions[cursor === null ? 0 : 1] as string;
      response.writeHead(200, { "content-type": "application/json" });
      const page = searchPageJson(1, { has_more: true, next_cursor: `c${server.requests.length}` });
      response.end(page.replace('"collection_version":1', `"collection_version":${version}`));
    });
    const docs = makeDocs(server.url, {
      paging: { mode: "exhaustive" },
      limits: { maxUpstreamPages: 2 },
    });
    const { trace } = await docs.search({ query: "rotate" }, caller);
    expect(trace.collections[0]?.stop).toBe("version_changed");
  });

  it("a 403 on page 2 after page 1 answered drops the whole collection, page 1's hits included", async () => {
    const server = await startRawServer((request, response) => {
      const cursor = new URL(request.url ?? "/", "http://x").searchParams.get("cursor");
      if (cursor === null) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(searchPageJson(20, { has_more: true, next_cursor: "page-2" }));
        return;
      }
      response.writeHead(403, { "content-type": "application/json" });
      response.end('{"error":"forbidden"}');
    });
    const docs = makeDocs(server.url, { paging: { mode: "exhaustive" } });
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(server.requests).toHaveLength(2);
    expect(output).toEqual({ results: [], more_matches_exist: false, status: "no_matches" });
    expect(trace.omitted).toMatchObject([{ collectionId: "c1", reason: "forbidden" }]);
    expect(trace.candidates).toBe(0);
  });
});

describe("a 401: unavailable for the model, a typed reason and a hook for the app", () => {
  it("the trace says unauthorized, and onUnauthorized hears it once", async () => {
    const server = await startRawServer((_request, response) => {
      response.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" });
      response.end('{"error":"unauthorized"}');
    });
    const events: unknown[] = [];
    const docs = makeDocs(server.url, {
      createTraceId: () => "trace-401",
      onUnauthorized: (event) => {
        events.push(event);
        throw new Error("the app's hook failing changes nothing");
      },
    });
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    expect(server.requests).toHaveLength(1);
    expect(trace.failures).toMatchObject([{ collectionId: "c1", kind: "unauthorized" }]);
    expect(events).toEqual([{ tool: "search_docs", traceId: "trace-401", collectionIds: ["c1"] }]);
  });

  it("other failures do not call the hook", async () => {
    const server = await startRawServer((_request, response) => {
      response.writeHead(503);
      response.end();
    });
    const events: unknown[] = [];
    const docs = makeDocs(server.url, { onUnauthorized: (event) => void events.push(event) });
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ kind: "server_error" }]);
    expect(events).toEqual([]);
  });
});

describe("the origin's in-flight bound", () => {
  it("every attempt frees its slot, whatever the backend answered", async () => {
    // One slot for the whole origin: an attempt that kept it (a redirect, an error status, a
    // reset, a body too large) would leave every later call of the process queued until its deadline.
    const answers: Array<(response: import("node:http").ServerResponse) => void> = [
      (response) => {
        response.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
        response.end();
      },
      (response) => {
        response.writeHead(404);
        response.end();
      },
      (response) => {
        response.writeHead(403);
        response.end();
      },
      (response) => {
        response.writeHead(401);
        response.end();
      },
      (response) => response.socket?.destroy(),
      (response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("x".repeat(2048));
      },
    ];
    const server = await startRawServer((_request, response, index) => {
      (answers[index % answers.length] as (typeof answers)[number])(response);
    });
    const inFlightLimit = new InFlightLimit({ maxInFlight: 1 });
    const docs = makeDocs(server.url, {
      inFlightLimit,
      retry: { transientAttempts: 1 },
      limits: { deadlineMs: 3000, responseBytes: 1024 },
    });
    for (let call = 0; call < answers.length; call++) {
      const [{ output }, elapsed] = await timed(docs.search({ query: "rotate" }, caller));
      expect(output.status).not.toBe("ok");
      expect(elapsed).toBeLessThan(2500);
    }
    expect(server.requests).toHaveLength(answers.length);
    expect(inFlightLimit.inFlight).toBe(0);
  });

  it("an attempt whose fetch never settles (and ignores its signal) frees its slot at the deadline", async () => {
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(searchPageJson(1));
    });
    let calls = 0;
    // The first request hangs before its headers, whatever its signal says; the rest are fine.
    const hanging: typeof fetch = (input, init) =>
      calls++ === 0 ? new Promise<Response>(() => {}) : fetch(input, init);
    const inFlightLimit = new InFlightLimit({ maxInFlight: 1 });
    const docs = makeDocs(server.url, {
      fetch: hanging,
      inFlightLimit,
      retry: { transientAttempts: 1 },
      limits: { deadlineMs: 400 },
    });
    const first = await docs.search({ query: "rotate" }, caller);
    expect(first.output.status).toBe("unavailable");
    expect(inFlightLimit.inFlight).toBe(0);
    const second = await docs.search({ query: "rotate" }, caller);
    expect(second.output.status).toBe("ok");
  });
});
