import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createDocsSearch, type DocsSearchOptions } from "../create-docs-search.js";
import type { ReindexMemory } from "../retry/reindex-memory.js";
import { RetryBudget } from "../retry/retry-budget.js";
import { createFakeClock } from "../testing/fake-clock.js";

// The client's retry waits on the injected clock, against a raw node:http server on 127.0.0.1:
// the waits are asserted exactly, and none of them is slept in wall time.

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

const page = {
  items: [{ document_id: "d1", title: "Key rotation", score: 0.9, snippet: "rotate the key" }],
  next_cursor: null,
  has_more: false,
  collection_version: 1,
};

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** Answers each request with the next scripted answer (the last one repeats). */
async function scriptedServer(answers: readonly Answer[]) {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? "");
    const answer = answers[Math.min(requests.length, answers.length) - 1] as Answer;
    response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    response.end(JSON.stringify(answer.body ?? { error: "scripted" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

const caller = { caller: { token: "clock-test-token" } };

function makeDocs(url: string, options: Partial<DocsSearchOptions<"runbooks">> = {}) {
  return createDocsSearch({
    baseUrl: url,
    areas: { runbooks: ["c1"] },
    retryBudget: new RetryBudget({ ratio: 1, floor: 1000, windowMs: 10_000 }),
    // Waits of whole seconds: slept in wall time, this file would take far longer than it does.
    retry: { conflictBaseDelayMs: 2000, baseDelayMs: 1000, maxDelayMs: 8000 },
    limits: { conflictWaitMs: 30_000, deadlineMs: 60_000 },
    random: () => 1,
    ...options,
  });
}

describe("retry waits run on the injected clock", () => {
  it("409, 409, then 200: waits the full-jitter ceilings on the fake clock, not in wall time", async () => {
    const server = await scriptedServer([
      { status: 409 },
      { status: 409 },
      { status: 200, body: page },
    ]);
    const clock = createFakeClock();
    const docs = makeDocs(server.url, { clock });
    const started = performance.now();
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    const wallMs = performance.now() - started;

    expect(output.status).toBe("ok");
    expect(server.requests).toHaveLength(3);
    // At a draw of 1, the n-th 409 retry waits min(cap, 2000 * 2^(n-1)).
    expect(clock.sleeps).toEqual([2000, 4000]);
    expect(trace.requests.map((request) => [request.status, request.waitMs])).toEqual([
      [409, 0],
      [409, 2000],
      [200, 4000],
    ]);
    expect(clock.now()).toBe(6000);
    expect(trace.durationMs).toBe(6000);
    expect(wallMs).toBeLessThan(3000);
  });

  it("a Retry-After HTTP date is read against the clock's wall time", async () => {
    const epochMs = Date.parse("2030-06-01T08:00:00Z");
    const server = await scriptedServer([
      { status: 429, headers: { "retry-after": "Sat, 01 Jun 2030 08:00:03 GMT" } },
      { status: 200, body: page },
    ]);
    const clock = createFakeClock({ epochMs });
    const { output, trace } = await makeDocs(server.url, { clock }).search(
      { query: "rotate" },
      caller,
    );
    expect(output.status).toBe("ok");
    expect(clock.sleeps).toEqual([3000]);
    expect(trace.startedAt).toBe("2030-06-01T08:00:00.000Z");
  });

  it("the deadline runs on the clock too: a wait that does not fit it gives up without sleeping", async () => {
    const server = await scriptedServer([{ status: 503, headers: { "retry-after": "30" } }]);
    const clock = createFakeClock();
    const docs = makeDocs(server.url, { clock, limits: { deadlineMs: 10_000 } });
    const { output, trace } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(trace.notes.join(" ")).toMatch(/a 30000 ms wait does not fit the 10000 ms left/);
  });

  it("get_document's retries wait on the same clock", async () => {
    const document = {
      document_id: "d1",
      title: "Key rotation",
      updated_at: "2026-01-02",
      sections: [{ index: 1, heading: "Rotate", text: "Rotate the key." }],
    };
    const server = await scriptedServer([
      { status: 200, body: page },
      { status: 502 },
      { status: 200, body: document },
    ]);
    const clock = createFakeClock();
    const docs = makeDocs(server.url, { clock });
    const search = await docs.search({ query: "rotate" }, caller);
    const ref = search.output.results[0]?.ref as string;
    const { output } = await docs.getDocument({ ref }, caller);
    expect(output.status).toBe("ok");
    expect(clock.sleeps).toEqual([1000]);
  });
});

describe("the 409 budget the client keeps", () => {
  it("is one per collection per call: every page of a walk draws on it, the next call starts full", async () => {
    const firstPage = { ...page, next_cursor: "page-2", has_more: true };
    const server = await scriptedServer([
      { status: 409 },
      { status: 200, body: firstPage },
      { status: 409 },
      { status: 200, body: page },
    ]);
    const clock = createFakeClock();
    // One retry's ceiling (2000 ms) spends the whole budget.
    const docs = makeDocs(server.url, { clock, limits: { conflictWaitMs: 2000 } });
    const first = await docs.search({ query: "rotate" }, caller);
    // Page 2's 409 finds the budget page 1 spent: that collection is unavailable, page 1 kept.
    expect(first.output.status).toBe("unavailable");
    expect(first.output.results).toHaveLength(1);
    expect(first.trace.notes.join(" ")).toMatch(/past its 2000 ms wait budget/);
    expect(clock.sleeps).toEqual([2000]);

    const reindexedTwice = await scriptedServer([
      { status: 409 },
      { status: 200, body: page },
      { status: 409 },
      { status: 200, body: page },
    ]);
    const again = makeDocs(reindexedTwice.url, { clock, limits: { conflictWaitMs: 2000 } });
    expect((await again.search({ query: "rotate" }, caller)).output.status).toBe("ok");
    expect((await again.search({ query: "rotate" }, caller)).output.status).toBe("ok");
    expect(clock.sleeps).toEqual([2000, 2000, 2000]);
  });
});

describe("the injected reindex memory", () => {
  /** A memory whose every method answers asynchronously, as a shared store would. */
  function asyncMemory(initially: readonly string[] = []) {
    const held = new Set(initially);
    const calls: string[] = [];
    const memory: ReindexMemory = {
      isReindexing: async (collectionId) => {
        calls.push(`isReindexing ${collectionId}`);
        return held.has(collectionId);
      },
      remember: async (collectionId, durationMs) => {
        calls.push(`remember ${collectionId} ${durationMs}`);
        held.add(collectionId);
      },
      forget: async (collectionId) => {
        calls.push(`forget ${collectionId}`);
        held.delete(collectionId);
      },
    };
    return { memory, calls };
  }

  it("a collection it holds is probed once and not waited on", async () => {
    const server = await scriptedServer([{ status: 409 }]);
    const clock = createFakeClock();
    const { memory, calls } = asyncMemory(["c1"]);
    const docs = makeDocs(server.url, { clock, reindexMemory: memory });
    const { output } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("unavailable");
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(calls).toEqual(["isReindexing c1", "remember c1 15000"]);
  });

  it("a spent 409 budget is remembered for the policy's duration; a later answer forgets it", async () => {
    const server = await scriptedServer([
      { status: 409 },
      { status: 409 },
      { status: 409 },
      { status: 200, body: page },
    ]);
    const clock = createFakeClock();
    const { memory, calls } = asyncMemory();
    const docs = makeDocs(server.url, {
      clock,
      reindexMemory: memory,
      limits: { conflictWaitMs: 2000 },
      retry: { conflictBaseDelayMs: 2000, maxDelayMs: 8000, reindexMemoryMs: 90_000 },
    });
    // One wait of 2000 ms spends the budget; the second 409 gives up and is remembered.
    expect((await docs.search({ query: "rotate" }, caller)).output.status).toBe("unavailable");
    expect(calls).toEqual(["isReindexing c1", "isReindexing c1", "remember c1 90000"]);
    // The next call's 409 finds the memory: one probe, no wait, remembered again.
    expect((await docs.search({ query: "rotate" }, caller)).output.status).toBe("unavailable");
    expect(calls.slice(3)).toEqual(["isReindexing c1", "remember c1 90000"]);
    // An answer ends the reindex.
    expect((await docs.search({ query: "rotate" }, caller)).output.status).toBe("ok");
    expect(calls.slice(5)).toEqual(["forget c1"]);
    expect(clock.sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(4);
  });

  it("a memory that fails counts as remembering nothing: the 409 is waited out as usual", async () => {
    const server = await scriptedServer([{ status: 409 }, { status: 200, body: page }]);
    const clock = createFakeClock();
    const failing: ReindexMemory = {
      isReindexing: () => Promise.reject(new Error("store down")),
      remember: () => Promise.reject(new Error("store down")),
      forget: () => {
        throw new Error("store down");
      },
    };
    const docs = makeDocs(server.url, { clock, reindexMemory: failing });
    const { output } = await docs.search({ query: "rotate" }, caller);
    expect(output.status).toBe("ok");
    expect(clock.sleeps).toEqual([2000]);
  });
});
