import { describe, expect, it } from "vitest";
import { MemoryReindexMemory } from "./memory-reindex-memory.js";

describe("MemoryReindexMemory", () => {
  it("remembers a collection for the duration it is given, then forgets it", () => {
    let now = 0;
    const memory = new MemoryReindexMemory({ clock: { now: () => now } });
    memory.remember("c1", 15_000);
    expect(memory.isReindexing("c1")).toBe(true);
    expect(memory.isReindexing("c2")).toBe(false);
    now = 14_999;
    expect(memory.isReindexing("c1")).toBe(true);
    now = 15_000;
    expect(memory.isReindexing("c1")).toBe(false);
  });

  it("remembering again extends the memory; forget ends it at once", () => {
    let now = 0;
    const memory = new MemoryReindexMemory({ clock: { now: () => now } });
    memory.remember("c1", 1000);
    now = 900;
    memory.remember("c1", 1000);
    now = 1500;
    expect(memory.isReindexing("c1")).toBe(true);
    memory.forget("c1");
    expect(memory.isReindexing("c1")).toBe(false);
  });
});
