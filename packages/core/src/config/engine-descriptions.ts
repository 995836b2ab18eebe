import { elasticsearchEngine, opensearchEngine } from "./elasticsearch-engine.js";
import type { EngineDescription, EngineEntry } from "./engine-entry.js";
import { folderDescription } from "./folder-description.js";
import { algoliaEngine, meilisearchEngine, typesenseEngine } from "./hosted-engines.js";
import { postgresDescription } from "./postgres-description.js";
import { v2Engine } from "./v2-engine.js";

/**
 * Every engine in `SEARCH_DOCS_BACKEND`'s order, as a reader with no Node built-in may hold it:
 * the engines reached over fetch with their readers, PostgreSQL and the folder by their
 * variables alone (their readers load `pg`, `node:fs`, `node:sqlite`). backend-registry.ts puts
 * those two readers in; this is the one list of which engines there are, and in what order.
 */
export const engineDescriptions: readonly (EngineEntry | EngineDescription)[] = [
  v2Engine,
  elasticsearchEngine,
  opensearchEngine,
  postgresDescription,
  folderDescription,
  algoliaEngine,
  meilisearchEngine,
  typesenseEngine,
];

/** The engines an edge runtime reads: reached over fetch, their readers free of Node built-ins. */
export const fetchEngines: readonly EngineEntry[] = engineDescriptions.filter(
  (entry): entry is EngineEntry => entry.overFetch && "read" in entry,
);
