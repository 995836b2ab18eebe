import { elasticsearchEngine, opensearchEngine } from "./elasticsearch-engine.js";
import type { EngineEntry, EngineName } from "./engine-entry.js";
import { folderEngine } from "./folder-engine.js";
import { algoliaEngine, meilisearchEngine, typesenseEngine } from "./hosted-engines.js";
import { postgresEngine } from "./postgres-engine.js";
import { v2Engine } from "./v2-engine.js";

/**
 * Every engine an entry point can be configured for, in `SEARCH_DOCS_BACKEND`'s order. Each
 * names its variables and loads its module only when chosen, so `pg` and `node:sqlite` are never
 * imported for another engine (nor for `--help`).
 */
export const backendRegistry: readonly EngineEntry[] = [
  v2Engine,
  elasticsearchEngine,
  opensearchEngine,
  postgresEngine,
  folderEngine,
  algoliaEngine,
  meilisearchEngine,
  typesenseEngine,
];

export function registryEntry(engine: EngineName): EngineEntry {
  return backendRegistry.find((entry) => entry.engine === engine) as EngineEntry;
}
