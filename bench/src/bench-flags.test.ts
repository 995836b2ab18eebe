import { describe, expect, it } from "vitest";
import { parseBenchFlags } from "./bench-flags.ts";

describe("parseBenchFlags", () => {
  it("has defaults sized for a five-minute run", () => {
    const flags = parseBenchFlags([]);
    expect(flags.scenarios).toEqual(["no-faults", "reindex", "shed"]);
    expect(flags.latencyMedianMs).toBe(40);
    expect(flags.latencyP95Ms).toBe(90);
    expect(flags.shedRate).toBe(0.1);
    expect(flags.corpus).toBeUndefined();
    expect(flags.queries).toMatch(/bench\/tasks\/queries\.jsonl$/);
    expect(flags.outName).toBe("latest");
  });

  it("reads corpus, queries and lists", () => {
    const flags = parseBenchFlags([
      "--corpus",
      "/tmp/docs.jsonl",
      "--queries",
      "q.jsonl",
      "--scenarios",
      "no-faults,shed",
      "--skip",
      "heap",
      "--latency-median",
      "20",
    ]);
    expect(flags.corpus).toBe("/tmp/docs.jsonl");
    expect(flags.queries).toBe("q.jsonl");
    expect(flags.scenarios).toEqual(["no-faults", "shed"]);
    expect(flags.skip).toEqual(["heap"]);
    expect(flags.latencyMedianMs).toBe(20);
  });

  it("refuses unknown names and out-of-range numbers", () => {
    expect(() => parseBenchFlags(["--scenarios", "outage"])).toThrow(/unknown outage/);
    expect(() => parseBenchFlags(["--shed-rate", "2"])).toThrow(RangeError);
    expect(() => parseBenchFlags(["--out-name", "../x"])).toThrow(RangeError);
    expect(() => parseBenchFlags(["--nope"])).toThrow();
  });
});
