import { describe, expect, it } from "vitest";
import { capPerDocument } from "../rerank/cap-per-document.js";
import { type PagingPolicy, readsNextPage, readsTopOrder } from "./paging-policy.js";

const adaptive: PagingPolicy = { mode: "adaptive", tailItems: 2, flatScoreRatio: 0.75 };
const page = ["p1", "p2", "p3", "p4", "p5"];
const falling = { bestScore: 10, lowestScore: 2 };

describe("readsNextPage", () => {
  it("reads on while the top holds one of the last page's tail", () => {
    const decision = readsNextPage(adaptive, {
      top: ["p1", "p4", "x", "y"],
      page,
      pageNumber: 1,
      resultCap: 4,
      ...falling,
    });
    expect(decision).toEqual({ read: true });
  });

  it("stops once the top holds none of the tail, and says why", () => {
    const decision = readsNextPage(adaptive, {
      top: ["p1", "p2", "p3", "x"],
      page,
      pageNumber: 2,
      resultCap: 4,
      ...falling,
    });
    expect(decision.read).toBe(false);
    expect(!decision.read && decision.reason).toMatch(/none of the last 2 hits of page 2/);
  });

  it("reads on while the top is not full: anything the next page holds would make it", () => {
    const decision = readsNextPage(adaptive, {
      top: ["p1"],
      page,
      pageNumber: 1,
      resultCap: 4,
      ...falling,
    });
    expect(decision.read).toBe(true);
  });

  it("with tailItems 0 stops whenever the top is full; exhaustive never stops", () => {
    const full = { top: ["p5", "p4", "p3", "p2"], page, pageNumber: 1, resultCap: 4, ...falling };
    const decision = readsNextPage({ ...adaptive, tailItems: 0 }, full);
    expect(decision.read).toBe(false);
    expect(!decision.read && decision.reason).toMatch(/top 4 is full after page 1/);
    expect(readsNextPage({ ...adaptive, tailItems: 1 }, full).read).toBe(true);
    expect(readsNextPage({ ...adaptive, mode: "exhaustive", tailItems: 0 }, full).read).toBe(true);
  });

  it("reads on while the page's scores stay flat, whatever the tail", () => {
    const settled = { top: ["p1", "p2", "p3", "x"], page, pageNumber: 1, resultCap: 4 };
    expect(readsNextPage(adaptive, { ...settled, bestScore: 1, lowestScore: 0.8 }).read).toBe(true);
    expect(readsNextPage(adaptive, { ...settled, bestScore: 1, lowestScore: 0.7 }).read).toBe(
      false,
    );
    expect(readsNextPage(adaptive, { ...settled, bestScore: 0, lowestScore: 0 }).read).toBe(false);
  });

  it("reads the top's order only for the tail test: with tailItems 0 any order decides alike", () => {
    expect(readsTopOrder({ ...adaptive, tailItems: 0 })).toBe(false);
    expect(readsTopOrder(adaptive)).toBe(true);
    expect(readsTopOrder({ ...adaptive, mode: "exhaustive" })).toBe(false);
    // The walk decides on an unranked cut: the cut's size, all the decision reads, is the same
    // whatever the order it is cut from.
    const hits = ["a1", "a2", "a3", "a4", "a5", "b1", "b2", "c1"];
    const documentOf = (hit: string) => hit.slice(0, 1);
    const orders = [hits, [...hits].reverse(), ["a1", "b1", "a2", "c1", "a3", "b2", "a4", "a5"]];
    const decisions = orders.map((order) => {
      const top = capPerDocument(order, { resultCap: 6, perDocument: 3, documentOf });
      expect(top).toHaveLength(6);
      return readsNextPage(
        { ...adaptive, tailItems: 0 },
        {
          top,
          page: order,
          pageNumber: 1,
          resultCap: 6,
          ...falling,
        },
      );
    });
    expect(new Set(decisions.map((decision) => JSON.stringify(decision))).size).toBe(1);
  });
});
