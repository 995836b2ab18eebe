import type { EngineConfig } from "./engine-entry.js";

/** The start line: the engine, where (never a credential) and the areas. */
export function describeEngine(config: EngineConfig, areas: Record<string, string[]>): string {
  return `${config.engine} at ${config.origin} (areas: ${Object.keys(areas).join(", ")})`;
}
