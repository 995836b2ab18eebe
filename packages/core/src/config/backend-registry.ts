import { engineDescriptions } from "./engine-descriptions.js";
import type { EngineEntry, EngineName } from "./engine-entry.js";
import { folderEngine } from "./folder-engine.js";
import { postgresEngine } from "./postgres-engine.js";

/** The readers that need Node, beside the descriptions engine-descriptions.ts holds. */
const nodeReaders: Partial<Record<EngineName, EngineEntry>> = {
  postgres: postgresEngine,
  folder: folderEngine,
};

/**
 * Every engine an entry point can be configured for, in `SEARCH_DOCS_BACKEND`'s order. Each
 * names its variables and loads its module only when chosen, so `pg` and `node:sqlite` are never
 * imported for another engine (nor for `--help`).
 */
export const backendRegistry: readonly EngineEntry[] = engineDescriptions.map((description) => {
  const entry = "read" in description ? description : nodeReaders[description.engine];
  if (entry === undefined) throw new Error(`no reader for the ${description.engine} engine`);
  return entry;
});

export function registryEntry(engine: EngineName): EngineEntry {
  return backendRegistry.find((entry) => entry.engine === engine) as EngineEntry;
}
