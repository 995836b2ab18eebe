import { readFileSync } from "node:fs";
import { backendRegistry, registryEntry } from "./backend-registry.js";
import { refuse } from "./config-checks.js";
import type { CallerMode, EngineConfig } from "./engine-entry.js";
import { readAreasFile } from "./read-areas-file.js";
import { environmentValues, selectEngine } from "./select-engine.js";
import { sharedVariables } from "./shared-variables.js";

export interface BackendConfigSource {
  environment: Readonly<Record<string, string | undefined>>;
  mode: CallerMode;
  /** `--config <file>`: a JSON object with the variables' names as keys (no credentials). */
  configFile?: string | undefined;
  /** `--docs <folder>`: the folder engine. */
  docsFolder?: string | undefined;
}

/**
 * The one engine the environment (and a config file, and `--docs`) names, read and checked;
 * undefined when nothing names one (an entry point may then run its embedded fake service).
 * Two engines' variables at once, or an engine's variable beside another SEARCH_DOCS_BACKEND, is
 * a one-line ConfigurationError naming both: never a silent pick (select-engine.ts).
 */
export function backendConfig(source: BackendConfigSource): EngineConfig | undefined {
  return selectEngine({
    values: collectValues(source),
    environment: source.environment,
    mode: source.mode,
    ...(source.docsFolder === undefined
      ? {}
      : { chosen: { engine: "folder", by: "--docs names a folder" } }),
    readFile: readAreasFile,
    readerOf: (description) => registryEntry(description.engine),
  });
}

/** Non-empty values: the config file's, then the environment's over them; legacy spellings mapped. */
function collectValues(source: BackendConfigSource): Map<string, string> {
  const values = new Map<string, string>();
  if (source.configFile !== undefined) {
    for (const [name, value] of Object.entries(readConfigFile(source.configFile))) {
      values.set(name, value);
    }
  }
  environmentValues(source.environment, values);
  if (source.docsFolder !== undefined) {
    const set = values.get("SEARCH_DOCS_FOLDER_PATH");
    if (set !== undefined && set !== source.docsFolder) {
      refuse("--docs", "--docs and SEARCH_DOCS_FOLDER_PATH name different folders: set one");
    }
    const chosen = values.get("SEARCH_DOCS_BACKEND");
    if (chosen !== undefined && chosen !== "folder") {
      refuse("--docs", `--docs names a folder, but SEARCH_DOCS_BACKEND is ${chosen}: unset one`);
    }
    values.set("SEARCH_DOCS_FOLDER_PATH", source.docsFolder);
  }
  return values;
}

/** The names a config file may hold: every variable but the credentials. */
export function configFileKeys(): string[] {
  return [
    ...sharedVariables.filter((variable) => !("secret" in variable)).map(({ name }) => name),
    ...backendRegistry.flatMap((entry) =>
      entry.variables.filter((variable) => !variable.secret).map(({ name }) => name),
    ),
  ];
}

function readConfigFile(path: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(
      "--config",
      code ? `--config: cannot read ${path} (${code})` : `--config: ${path} is not valid JSON`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    refuse("--config", `--config: ${path} must hold a JSON object`);
  }
  const allowed = new Set(configFileKeys());
  const secrets = new Set(
    [...sharedVariables, ...backendRegistry.flatMap((entry) => entry.variables)]
      .filter((variable) => "secret" in variable && variable.secret)
      .map(({ name }) => name),
  );
  const values: Record<string, string> = {};
  for (const [key, raw] of Object.entries(parsed)) {
    if (key === "$schema") continue;
    if (secrets.has(key)) {
      refuse(key, `--config: ${key} is a credential: set it in the environment, not in a file`);
    }
    if (!allowed.has(key)) {
      refuse(key, `--config: ${key} is not a configuration key (config.schema.json lists them)`);
    }
    values[key] = typeof raw === "string" ? raw : JSON.stringify(raw);
  }
  return values;
}
