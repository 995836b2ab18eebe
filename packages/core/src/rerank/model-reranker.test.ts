import { describe, expect, it } from "vitest";
import { createFakeClock } from "../testing/fake-clock.js";
import { ModelReranker, type ModelRerankerOptions, modelText } from "./model-reranker.js";
import type { RerankCandidate, RerankRequest } from "./reranker.js";

// Upstream scores fall with the letter, so the lexical order is a, b, c, d, e.
const candidates: RerankCandidate[] = ["a", "b", "c", "d", "e"].map((key, index) => ({
  key,
  title: `Title ${key}`,
  snippet: `snippet ${key}`,
  area: "runbooks",
  updated: undefined,
  upstreamRank: index,
  upstreamScore: 10 - index,
}));
const keys = (ranked: readonly RerankCandidate[]) => ranked.map((candidate) => candidate.key);

function setup(options: Partial<ModelRerankerOptions> & Pick<ModelRerankerOptions, "order">) {
  const clock = createFakeClock();
  const notes: string[] = [];
  const reranker = new ModelReranker({ name: "model", shortlist: 3, clock, ...options });
  const request = (overrides: Partial<RerankRequest> = {}): RerankRequest => ({
    query: "q",
    candidates,
    timeLeftMs: 5000,
    note: (message) => notes.push(message),
    ...overrides,
  });
  return { clock, notes, reranker, request };
}

const never = () => new Promise<readonly number[]>(() => {});

describe("ModelReranker", () => {
  it("reorders the lexical shortlist and leaves the rest after it, in lexical order", async () => {
    const asked: string[][] = [];
    const { reranker, request, notes } = setup({
      order: async ({ documents }) => {
        asked.push([...documents]);
        return [2, 0, 1];
      },
    });
    expect(keys(await reranker.rerank(request()))).toEqual(["c", "a", "b", "d", "e"]);
    expect(asked).toEqual([candidates.slice(0, 3).map(modelText)]);
    expect(notes).toEqual(["model: reordered the top 3 in 0 ms"]);
  });

  it("keeps what the model leaves out in lexical order, and ignores repeats and strays", async () => {
    const { reranker, request } = setup({ order: async () => [2, 2, 7, -1, 0.5] });
    expect(keys(await reranker.rerank(request()))).toEqual(["c", "a", "b", "d", "e"]);
  });

  it("keeps the lexical order, traced, when the model fails", async () => {
    const { reranker, request, notes } = setup({
      order: () => Promise.reject(new TypeError("bad key")),
    });
    expect(keys(await reranker.rerank(request()))).toEqual(["a", "b", "c", "d", "e"]);
    expect(notes).toEqual(["model: failed (TypeError); lexical order kept"]);
  });

  it("stops waiting at its timeout and aborts the model's signal", async () => {
    let signal: AbortSignal | undefined;
    const { reranker, request, clock, notes } = setup({
      timeoutMs: 300,
      order: (asked) => {
        signal = asked.signal;
        return never();
      },
    });
    const ranked = reranker.rerank(request());
    clock.advance(299);
    expect(signal?.aborted).toBe(false);
    clock.advance(1);
    expect(keys(await ranked)).toEqual(["a", "b", "c", "d", "e"]);
    expect(signal?.aborted).toBe(true);
    expect(notes).toEqual(["model: timed out after 300 ms; lexical order kept"]);
  });

  it("counts against the call's deadline: it waits no longer than the time left", async () => {
    const { reranker, request, clock, notes } = setup({ timeoutMs: 2000, order: never });
    const ranked = reranker.rerank(request({ timeLeftMs: 250 }));
    clock.advance(200);
    expect(keys(await ranked)).toEqual(["a", "b", "c", "d", "e"]);
    expect(notes).toEqual(["model: timed out after 200 ms; lexical order kept"]);
  });

  it("is not asked when the call has no time left, or was cancelled", async () => {
    let asked = 0;
    const { reranker, request, notes } = setup({
      order: async () => {
        asked += 1;
        return [0];
      },
    });
    await reranker.rerank(request({ timeLeftMs: 40 }));
    await reranker.rerank(request({ signal: AbortSignal.abort() }));
    expect(asked).toBe(0);
    expect(notes).toEqual([
      "model: not asked, no time left in the call; lexical order kept",
      "model: not asked, no time left in the call; lexical order kept",
    ]);
  });

  it("gives up with the call when the caller cancels mid-answer", async () => {
    const controller = new AbortController();
    const { reranker, request, notes } = setup({ order: never });
    const ranked = reranker.rerank(request({ signal: controller.signal }));
    controller.abort(new Error("user left"));
    expect(keys(await ranked)).toEqual(["a", "b", "c", "d", "e"]);
    expect(notes).toEqual(["model: cancelled with the call; lexical order kept"]);
  });

  it("refuses a shortlist or timeout that cannot work", () => {
    const order = async () => [];
    expect(() => new ModelReranker({ name: "m", order, shortlist: 0 })).toThrow(RangeError);
    expect(() => new ModelReranker({ name: "m", order, timeoutMs: 0 })).toThrow(RangeError);
  });
});
