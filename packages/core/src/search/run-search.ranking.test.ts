import { describe, expect, it } from "vitest";
import { InFlightLimit } from "../backend/in-flight-limit.js";
import { createDocsSearch, type DocsSearchOptions } from "../create-docs-search.js";
import { ModelReranker } from "../rerank/model-reranker.js";
import { UpstreamFusionReranker } from "../rerank/upstream-fusion-reranker.js";
import type { Trace } from "../trace/trace.js";

interface Item {
  document_id: string;
  title: string;
  score: number;
  snippet: string;
  section?: number;
}

/**
 * A scripted backend: `pages(collectionId, page)` gives each page's items (page 0 first); every
 * collection has `pageCount` pages. Records what was asked and how many requests were in flight.
 */
function scriptedBackend(
  pages: (collectionId: string, page: number) => Item[],
  { pageCount = 6, delayMs = 0 } = {},
) {
  const asked: Array<{ collectionId: string; page: number }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (url: string | URL | Request) => {
    const parsed = new URL(String(url));
    const collectionId = decodeURIComponent(parsed.pathname.split("/")[3] ?? "");
    const cursor = parsed.searchParams.get("cursor");
    const page = cursor === null ? 0 : Number(cursor.slice(1));
    asked.push({ collectionId, page });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    inFlight -= 1;
    const hasMore = page + 1 < pageCount;
    return Response.json({
      items: pages(collectionId, page),
      next_cursor: hasMore ? `p${page + 1}` : null,
      has_more: hasMore,
      collection_version: 1,
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    asked,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

/** 20 items per page, scores falling steeply, generic titles and snippets. */
const falling =
  (overrides: (rank: number) => Partial<Item> = () => ({})) =>
  (collectionId: string, page: number): Item[] =>
    Array.from({ length: 20 }, (_, index) => {
      const rank = page * 20 + index;
      return {
        document_id: `${collectionId}-d${rank}`,
        title: `Note ${rank}`,
        score: 10 / (1 + rank),
        snippet: "a note about something",
        section: 0,
        ...overrides(rank),
      };
    });

function makeDocs(
  backend: { fetch: typeof globalThis.fetch },
  options: Partial<DocsSearchOptions> = {},
  collections = ["c1"],
) {
  const traces: Trace[] = [];
  const docs = createDocsSearch({
    baseUrl: "http://backend.test",
    areas: { runbooks: collections },
    fetch: backend.fetch,
    inFlightLimit: new InFlightLimit({ maxInFlight: 64 }),
    onTrace: (trace) => {
      traces.push(trace);
    },
    ...options,
  });
  return { docs, traces };
}

const caller = { caller: { token: "t" } };

describe("search_docs paging", () => {
  it("stops after a page whose tail did not reach the top 8, says why, and that more exist", async () => {
    const backend = scriptedBackend(falling());
    const { docs, traces } = makeDocs(backend);
    const { output } = await docs.search({ query: "rotate key" }, caller);
    expect(backend.asked).toHaveLength(1);
    expect(traces[0]?.collections[0]).toMatchObject({ stop: "adaptive", pages: 1 });
    expect(traces[0]?.collections[0]?.reason).toMatch(/top 8 is full after page 1/);
    expect(output).toMatchObject({ status: "ok", more_matches_exist: true });
  });

  it("reads on while the reranker lifts hits from the end of the last page into the top 8", async () => {
    // The backend scores the title-matching hits low; the reranker reads their titles.
    const titled = new Set([18, 19, 23, 39]);
    const backend = scriptedBackend(
      falling((rank) => (titled.has(rank) ? { title: "Rotate the signing key" } : {})),
    );
    const { docs, traces } = makeDocs(backend, {
      reranker: new UpstreamFusionReranker({ titleWeight: 1 }),
      paging: { tailItems: 5 },
    });
    const { output } = await docs.search({ query: "rotate signing key" }, caller);
    // Page 1's tail (ranks 18, 19) made the top: page 2 was read, and its rank 23 made it too;
    // page 2's tail (35-39) holds rank 39, so page 3 was read, and its tail held nothing.
    expect(backend.asked.map((request) => request.page)).toEqual([0, 1, 2]);
    expect(traces[0]?.collections[0]?.stop).toBe("adaptive");
    expect(output.results.slice(0, 4).map((result) => result.title)).toEqual(
      Array.from({ length: 4 }, () => "Rotate the signing key"),
    );
  });

  it("walks every page up to the cap in exhaustive mode", async () => {
    const backend = scriptedBackend(falling(), { pageCount: 9 });
    const { docs, traces } = makeDocs(backend, { paging: { mode: "exhaustive" } });
    await docs.search({ query: "rotate key" }, caller);
    expect(backend.asked).toHaveLength(6);
    expect(traces[0]?.collections[0]?.stop).toBe("page_cap");
  });

  it("cuts the answer to at most 4 sections of one document", async () => {
    const backend = scriptedBackend(
      (_collection, page) =>
        Array.from({ length: 20 }, (_, index) => ({
          document_id: index < 12 ? "long" : `other-${index}`,
          title: index < 12 ? "Long policy" : `Other ${index}`,
          score: 10 - (page * 20 + index) / 10,
          snippet: "travel policy",
          section: index,
        })),
      { pageCount: 1 },
    );
    const { docs } = makeDocs(backend);
    const { output } = await docs.search({ query: "travel policy" }, caller);
    expect(output.results).toHaveLength(8);
    expect(output.results.filter((result) => result.title === "Long policy")).toHaveLength(4);
    expect(output.more_matches_exist).toBe(true);
  });
});

describe("search_docs fan-out", () => {
  it("starts every collection of a call at once", async () => {
    const collections = Array.from({ length: 16 }, (_, index) => `c${index}`);
    const backend = scriptedBackend(falling(), { delayMs: 20 });
    const { docs } = makeDocs(backend, {}, collections);
    await docs.search({ query: "rotate key" }, caller);
    expect(backend.maxInFlight).toBe(16);
  });

  it("holds the process to its in-flight bound per origin, and traces the wait", async () => {
    const collections = Array.from({ length: 16 }, (_, index) => `c${index}`);
    const backend = scriptedBackend(falling(), { delayMs: 20 });
    const inFlightLimit = new InFlightLimit({ maxInFlight: 3 });
    const first = makeDocs(backend, { inFlightLimit }, collections);
    const second = makeDocs(backend, { inFlightLimit }, collections);
    await Promise.all([
      first.docs.search({ query: "rotate key" }, caller),
      second.docs.search({ query: "rotate key" }, caller),
    ]);
    expect(backend.maxInFlight).toBe(3);
    const queued = first.traces[0]?.requests.filter((request) => (request.queuedMs ?? 0) > 0);
    expect(queued?.length).toBeGreaterThan(0);
    expect(first.traces[0]?.status).toBe("ok");
  });
});

describe("search_docs with a model reranker", () => {
  it("asks the model once per call, never while paging, with the call's signal and time left", async () => {
    const backend = scriptedBackend(falling(), { pageCount: 3 });
    const seen: Array<{ documents: number; aborted: boolean }> = [];
    let timeLeft: number | undefined;
    const model = new ModelReranker({
      name: "test model",
      shortlist: 5,
      order: async ({ documents, signal }) => {
        seen.push({ documents: documents.length, aborted: signal.aborted });
        return [4, 3, 2, 1, 0];
      },
    });
    const reranker = {
      rerank: (request: Parameters<ModelReranker["rerank"]>[0]) => {
        timeLeft = request.timeLeftMs;
        return model.rerank(request);
      },
    };
    const { docs, traces } = makeDocs(backend, { reranker, paging: { mode: "exhaustive" } });
    const { output } = await docs.search({ query: "rotate key" }, caller);
    expect(backend.asked).toHaveLength(3);
    expect(seen).toEqual([{ documents: 5, aborted: false }]);
    expect(timeLeft).toBeGreaterThan(0);
    expect(timeLeft).toBeLessThanOrEqual(5000);
    expect(output.results.map((result) => result.title).slice(0, 5)).toEqual([
      "Note 4",
      "Note 3",
      "Note 2",
      "Note 1",
      "Note 0",
    ]);
    expect(
      traces[0]?.notes.some((note) => note.startsWith("test model: reordered the top 5")),
    ).toBe(true);
  });

  it("keeps the lexical order, traced, when the model fails", async () => {
    const backend = scriptedBackend(falling(), { pageCount: 1 });
    const model = new ModelReranker({
      name: "broken model",
      order: () => Promise.reject(new TypeError("401 from the provider")),
    });
    const { docs, traces } = makeDocs(backend, { reranker: model });
    const { output } = await docs.search({ query: "rotate key" }, caller);
    expect(output.status).toBe("ok");
    expect(output.results[0]?.title).toBe("Note 0");
    expect(traces[0]?.notes).toContain("broken model: failed (TypeError); lexical order kept");
  });

  it("answers in the default lexical order, traced, when a custom reranker throws", async () => {
    const backend = scriptedBackend(falling(), { pageCount: 1 });
    const reranker = {
      rerank: () => {
        throw new RangeError("bad index");
      },
    };
    const { docs, traces } = makeDocs(backend, { reranker });
    const { output } = await docs.search({ query: "rotate key" }, caller);
    expect(output.status).toBe("ok");
    expect(output.results.map((result) => result.title).slice(0, 2)).toEqual(["Note 0", "Note 1"]);
    expect(traces[0]?.notes).toContain("reranker failed (RangeError); lexical order kept");
  });

  it("a custom reranker that never answers, or answers no list, cannot cost the answer", async () => {
    const backend = scriptedBackend(falling(), { pageCount: 1 });
    const hanging = { rerank: () => new Promise<never>(() => {}) };
    const { docs, traces } = makeDocs(backend, { reranker: hanging, limits: { deadlineMs: 300 } });
    const started = performance.now();
    const { output } = await docs.search({ query: "rotate key" }, caller);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(output.status).toBe("ok");
    expect(output.results.map((result) => result.title).slice(0, 2)).toEqual(["Note 0", "Note 1"]);
    expect(traces[0]?.notes).toContain("reranker failed (TimeoutError); lexical order kept");

    const noList = { rerank: () => ({ sorted: true }) as unknown as [] };
    const second = makeDocs(backend, { reranker: noList });
    const answer = await second.docs.search({ query: "rotate key" }, caller);
    expect(answer.output.status).toBe("ok");
    expect(second.traces[0]?.notes).toContain("reranker failed (TypeError); lexical order kept");
  });
});
