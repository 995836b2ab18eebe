import { refuse } from "./config-checks.js";
import { fetchEngines } from "./engine-descriptions.js";
import type { CallerMode, EngineConfig, EngineDescription, EngineEntry } from "./engine-entry.js";
import { environmentValues, selectEngine } from "./select-engine.js";

export interface EdgeBackendConfigSource {
  environment: Readonly<Record<string, string | undefined>>;
  /** A server: `per-request` (each request's user credential); `one-user` for a script. */
  mode: CallerMode;
}

/**
 * The engine the environment names, read for an edge runtime (or a worker): the same registry
 * entries, variables and checks as backendConfig, with no Node built-in loaded. Only the engines
 * reached over fetch are read (fetchEngines); PostgreSQL or a folder, and SEARCH_DOCS_AREAS as a
 * file's path, are one-line ConfigurationErrors saying a Node route serves them. No `--config`
 * file either: the environment alone. Undefined when nothing names an engine.
 */
export function edgeBackendConfig(source: EdgeBackendConfigSource): EngineConfig | undefined {
  return selectEngine({
    values: environmentValues(source.environment),
    environment: source.environment,
    mode: source.mode,
    readerOf: fetchReader,
  });
}

function fetchReader(description: EngineDescription, setBy: string): EngineEntry {
  const entry = fetchEngines.find((engine) => engine.engine === description.engine);
  if (entry !== undefined) return entry;
  return refuse(
    setBy,
    `${setBy} names ${description.label} (${description.engine}), which an edge runtime cannot reach: serve it from a Node route (the edge runtime reads ${fetchEngines.map(({ engine }) => engine).join(", ")})`,
  );
}
