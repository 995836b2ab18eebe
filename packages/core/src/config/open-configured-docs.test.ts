import { describe, expect, it } from "vitest";
import { memoryBackend } from "../testing/memory-backend.js";
import type { EngineConfig } from "./engine-entry.js";
import { openConfiguredDocs } from "./open-configured-docs.js";

function configOf(areas: Record<string, string[]>, closed: string[]): EngineConfig {
  return {
    portalUrl: "https://docs.example.com",
    open: async () => ({
      backend: memoryBackend({ collections: { c1: [] } }),
      areas,
      close: async () => {
        closed.push("engine");
      },
    }),
  } as unknown as EngineConfig;
}

describe("openConfiguredDocs", () => {
  it("wraps the opened engine as a docs search over its areas", async () => {
    const closed: string[] = [];
    const { docs, engine } = await openConfiguredDocs(configOf({ runbooks: ["c1"] }, closed));
    expect(docs.areaNames).toEqual(["runbooks"]);
    await engine.close();
    expect(closed).toEqual(["engine"]);
  });

  it("releases the engine when the docs search cannot be built", async () => {
    const closed: string[] = [];
    await expect(openConfiguredDocs(configOf({}, closed))).rejects.toThrow();
    expect(closed).toEqual(["engine"]);
  });
});
