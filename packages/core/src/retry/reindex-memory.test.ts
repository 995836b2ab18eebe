import { describe, expect, it } from "vitest";
import { ReindexMemory } from "./reindex-memory.js";

describe("ReindexMemory", () => {
  it("remembers a collection for the configured time, then forgets it", () => {
    let now = 0;
    const memory = new ReindexMemory({ clock: { now: () => now }, rememberMs: 15_000 });
    memory.remember("c1");
    expect(memory.isReindexing("c1")).toBe(true);
    expect(memory.isReindexing("c2")).toBe(false);
    now = 14_999;
    expect(memory.isReindexing("c1")).toBe(true);
    now = 15_000;
    expect(memory.isReindexing("c1")).toBe(false);
  });
});
