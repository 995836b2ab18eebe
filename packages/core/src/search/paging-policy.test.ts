import { describe, expect, it } from "vitest";
import {
  type PagingPolicy,
  pageReachedTop,
  scoresFellAway,
  scoresStayFlat,
} from "./paging-policy.js";

const adaptive: PagingPolicy = {
  mode: "adaptive",
  scoreDropRatio: 0.25,
  stopWhenTopSettles: true,
  flatScoreRatio: 0.75,
  tailItems: 5,
};

describe("scoresFellAway", () => {
  it("stops once a page's lowest score falls below the ratio of the best", () => {
    expect(scoresFellAway(adaptive, { bestScore: 10, pageScores: [10, 6, 2.4] })).toBe(true);
    expect(scoresFellAway(adaptive, { bestScore: 10, pageScores: [10, 6, 2.6] })).toBe(false);
  });

  it("never stops while scores stay flat", () => {
    expect(scoresFellAway(adaptive, { bestScore: 3, pageScores: [3, 3, 3, 3] })).toBe(false);
    expect(
      scoresFellAway({ ...adaptive, scoreDropRatio: 1 }, { bestScore: 3, pageScores: [3, 3] }),
    ).toBe(false);
  });

  it("never stops in exhaustive mode, on an empty page or without a positive best score", () => {
    const steep = { bestScore: 10, pageScores: [10, 0.1] };
    expect(scoresFellAway({ ...adaptive, mode: "exhaustive" }, steep)).toBe(false);
    expect(scoresFellAway(adaptive, { bestScore: 10, pageScores: [] })).toBe(false);
    expect(scoresFellAway(adaptive, { bestScore: 0, pageScores: [0, 0] })).toBe(false);
  });

  it("with a ratio of 0 walks every page", () => {
    expect(
      scoresFellAway({ ...adaptive, scoreDropRatio: 0 }, { bestScore: 10, pageScores: [0.01] }),
    ).toBe(false);
  });
});

describe("pageReachedTop", () => {
  it("is true when a hit of the last page made the first `cap` of the order", () => {
    const [a, b, c, d] = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
    expect(pageReachedTop([a, c, b, d], [c, d], 2)).toBe(true);
    expect(pageReachedTop([a, b, c, d], [c, d], 2)).toBe(false);
    expect(pageReachedTop([a, b], [], 8)).toBe(false);
  });
});

describe("scoresStayFlat", () => {
  it("holds while a page's lowest score is at least the flat share of the best", () => {
    expect(scoresStayFlat(adaptive, { bestScore: 1, pageScores: [0.9, 0.8] })).toBe(true);
    expect(scoresStayFlat(adaptive, { bestScore: 1, pageScores: [0.9, 0.7] })).toBe(false);
    expect(scoresStayFlat(adaptive, { bestScore: 0, pageScores: [0] })).toBe(true);
  });
});
