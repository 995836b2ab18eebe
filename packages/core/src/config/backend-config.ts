import { readFileSync } from "node:fs";
import { backendRegistry, registryEntry } from "./backend-registry.js";
import { refuse } from "./config-checks.js";
import {
  type CallerMode,
  type EngineConfig,
  type EngineEntry,
  type EngineName,
  engineNames,
  type ReadValue,
} from "./engine-entry.js";
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
 * a one-line ConfigurationError naming both: never a silent pick.
 */
export function backendConfig(source: BackendConfigSource): EngineConfig | undefined {
  const values = collectValues(source);
  const value = readValueOf(values, source.environment);
  const chosen = source.docsFolder === undefined ? value("SEARCH_DOCS_BACKEND") : "folder";
  const chosenBy =
    source.docsFolder === undefined ? `SEARCH_DOCS_BACKEND is ${chosen}` : "--docs names a folder";
  if (chosen !== "" && !(engineNames as readonly string[]).includes(chosen)) {
    refuse("SEARCH_DOCS_BACKEND", `SEARCH_DOCS_BACKEND must be one of ${engineNames.join(", ")}`);
  }
  const claims = backendRegistry.flatMap((entry) => {
    const set = setVariable(entry, values);
    return set === undefined ? [] : [{ entry, set }];
  });
  if (chosen !== "") {
    const other = claims.find(({ entry }) => entry.engine !== chosen);
    if (other) {
      refuse(other.set, `${other.set} is ${other.entry.label}'s, but ${chosenBy}: unset one`);
    }
    return readEngine(registryEntry(chosen as EngineName), value, values, source.mode);
  }
  const [first, second] = claims;
  if (first && second) {
    refuse(
      second.set,
      `${first.set} (${first.entry.label}) and ${second.set} (${second.entry.label}) are both set: set one engine's variables`,
    );
  }
  if (first) return readEngine(first.entry, value, values, source.mode);
  const stray = ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_TOKEN"].find((name) => values.has(name));
  if (stray !== undefined) {
    refuse(
      stray,
      `${stray} is set but no engine is: set SEARCH_DOCS_BACKEND and its variables (docs/configuration.md), or unset ${stray} to use the embedded fake service`,
    );
  }
  return undefined;
}

/** Non-empty values: the config file's, then the environment's over them; legacy spellings mapped. */
function collectValues(source: BackendConfigSource): Map<string, string> {
  const values = new Map<string, string>();
  if (source.configFile !== undefined) {
    for (const [name, value] of Object.entries(readConfigFile(source.configFile))) {
      values.set(name, value);
    }
  }
  for (const [name, raw] of Object.entries(source.environment)) {
    const trimmed = raw?.trim() ?? "";
    if (name.startsWith("SEARCH_DOCS_") && trimmed !== "") values.set(name, trimmed);
  }
  // The older spelling of OpenSearch: the Elasticsearch variables with FLAVOR=opensearch.
  if (values.get("SEARCH_DOCS_ELASTICSEARCH_FLAVOR") === "opensearch") {
    values.delete("SEARCH_DOCS_ELASTICSEARCH_FLAVOR");
    for (const suffix of ["URL", "API_KEY"]) {
      const old = values.get(`SEARCH_DOCS_ELASTICSEARCH_${suffix}`);
      if (old === undefined) continue;
      values.delete(`SEARCH_DOCS_ELASTICSEARCH_${suffix}`);
      values.set(`SEARCH_DOCS_OPENSEARCH_${suffix}`, old);
    }
  }
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

function readValueOf(
  values: ReadonlyMap<string, string>,
  environment: BackendConfigSource["environment"],
): ReadValue {
  const aliasOf = new Map(
    backendRegistry.flatMap((entry) =>
      entry.variables.flatMap((variable) =>
        variable.alias ? [[variable.name, variable.alias] as const] : [],
      ),
    ),
  );
  const setAs = (name: string) => {
    const alias = aliasOf.get(name);
    return !values.has(name) && alias !== undefined && values.has(alias) ? alias : name;
  };
  return Object.assign((name: string) => values.get(setAs(name)) ?? "", { setAs, environment });
}

/** The first of the engine's own variables (or their older names) that is set. */
function setVariable(entry: EngineEntry, values: ReadonlyMap<string, string>): string | undefined {
  for (const variable of entry.variables) {
    if (values.has(variable.name)) return variable.name;
    if (variable.alias !== undefined && values.has(variable.alias)) return variable.alias;
  }
  return undefined;
}

function readEngine(
  entry: EngineEntry,
  value: ReadValue,
  values: ReadonlyMap<string, string>,
  mode: CallerMode,
): EngineConfig {
  for (const { name } of sharedVariables) {
    if (name === "SEARCH_DOCS_BACKEND" || !values.has(name)) continue;
    if (name === "SEARCH_DOCS_TOKEN" && mode === "per-request") continue;
    if (!(entry.shared as readonly string[]).includes(name)) {
      refuse(name, `${name} is set, but the ${entry.engine} backend does not read it: unset it`);
    }
  }
  return entry.read(value, mode);
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
