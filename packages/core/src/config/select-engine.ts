import { refuse } from "./config-checks.js";
import { engineDescriptions } from "./engine-descriptions.js";
import {
  type CallerMode,
  type EngineConfig,
  type EngineDescription,
  type EngineEntry,
  type EngineName,
  engineNames,
  type ReadValue,
} from "./engine-entry.js";
import { sharedVariables } from "./shared-variables.js";

// Which engine the variables name, and reading it: shared by the Node reader (backend-config.ts,
// which adds `--config` files, `--docs` and areas files) and the edge reader
// (edge-backend-config.ts), so both refuse the same mistakes with the same words. No Node
// built-in here, nor in anything it imports.

export interface EngineSelection {
  /** Non-empty SEARCH_DOCS_* values, older spellings mapped (environmentValues). */
  values: ReadonlyMap<string, string>;
  environment: Readonly<Record<string, string | undefined>>;
  mode: CallerMode;
  /** The engine named otherwise than by SEARCH_DOCS_BACKEND (`--docs`), and what named it. */
  chosen?: { engine: EngineName; by: string };
  /** Reads the file SEARCH_DOCS_AREAS names; absent where no file can be read. */
  readFile?: ReadValue["readFile"];
  /** The reader of the engine named, by `setBy` (a variable): an entry, or a refusal. */
  readerOf(description: EngineDescription, setBy: string): EngineEntry;
}

/**
 * The one engine the values name, read and checked; undefined when nothing names one. Two
 * engines' variables at once, or an engine's variable beside another SEARCH_DOCS_BACKEND, is a
 * one-line ConfigurationError naming both: never a silent pick.
 */
export function selectEngine(selection: EngineSelection): EngineConfig | undefined {
  const { values } = selection;
  const value = readValueOf(selection);
  const chosen = selection.chosen?.engine ?? value("SEARCH_DOCS_BACKEND");
  const chosenBy = selection.chosen?.by ?? `SEARCH_DOCS_BACKEND is ${chosen}`;
  if (chosen !== "" && !(engineNames as readonly string[]).includes(chosen)) {
    refuse("SEARCH_DOCS_BACKEND", `SEARCH_DOCS_BACKEND must be one of ${engineNames.join(", ")}`);
  }
  const claims = engineDescriptions.flatMap((entry) => {
    const set = setVariable(entry, values);
    return set === undefined ? [] : [{ entry, set }];
  });
  if (chosen !== "") {
    const other = claims.find(({ entry }) => entry.engine !== chosen);
    if (other) {
      refuse(other.set, `${other.set} is ${other.entry.label}'s, but ${chosenBy}: unset one`);
    }
    const description = engineDescriptions.find((entry) => entry.engine === chosen);
    const setBy = selection.chosen === undefined ? "SEARCH_DOCS_BACKEND" : selection.chosen.by;
    return readEngine(
      selection.readerOf(description as EngineDescription, setBy),
      value,
      selection,
    );
  }
  const [first, second] = claims;
  if (first && second) {
    refuse(
      second.set,
      `${first.set} (${first.entry.label}) and ${second.set} (${second.entry.label}) are both set: set one engine's variables`,
    );
  }
  if (first) return readEngine(selection.readerOf(first.entry, first.set), value, selection);
  const stray = ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_TOKEN"].find((name) => values.has(name));
  if (stray !== undefined) {
    refuse(
      stray,
      `${stray} is set but no engine is: set SEARCH_DOCS_BACKEND and its variables (docs/configuration.md), or unset ${stray} to use the embedded fake service`,
    );
  }
  return undefined;
}

/** The environment's non-empty SEARCH_DOCS_* values over `values`; older spellings mapped. */
export function environmentValues(
  environment: Readonly<Record<string, string | undefined>>,
  values = new Map<string, string>(),
): Map<string, string> {
  for (const [name, raw] of Object.entries(environment)) {
    const trimmed = raw?.trim() ?? "";
    if (name.startsWith("SEARCH_DOCS_") && trimmed !== "") values.set(name, trimmed);
  }
  // The older spelling of OpenSearch: the Elasticsearch variables with FLAVOR=opensearch.
  if (values.get("SEARCH_DOCS_ELASTICSEARCH_FLAVOR") === "opensearch") {
    values.delete("SEARCH_DOCS_ELASTICSEARCH_FLAVOR");
    for (const suffix of ["URL", "API_KEY", "USERNAME", "PASSWORD", "AWS_SERVICE"]) {
      const old = values.get(`SEARCH_DOCS_ELASTICSEARCH_${suffix}`);
      if (old === undefined) continue;
      values.delete(`SEARCH_DOCS_ELASTICSEARCH_${suffix}`);
      values.set(`SEARCH_DOCS_OPENSEARCH_${suffix}`, old);
    }
  }
  return values;
}

function readValueOf({ values, environment, readFile }: EngineSelection): ReadValue {
  const aliasOf = new Map(
    engineDescriptions.flatMap((entry) =>
      entry.variables.flatMap((variable) =>
        variable.alias ? [[variable.name, variable.alias] as const] : [],
      ),
    ),
  );
  const setAs = (name: string) => {
    const alias = aliasOf.get(name);
    return !values.has(name) && alias !== undefined && values.has(alias) ? alias : name;
  };
  return Object.assign((name: string) => values.get(setAs(name)) ?? "", {
    setAs,
    environment,
    ...(readFile ? { readFile } : {}),
  });
}

/** The first of the engine's own variables (or their older names) that is set. */
function setVariable(
  entry: EngineDescription,
  values: ReadonlyMap<string, string>,
): string | undefined {
  for (const variable of entry.variables) {
    if (values.has(variable.name)) return variable.name;
    if (variable.alias !== undefined && values.has(variable.alias)) return variable.alias;
  }
  return undefined;
}

function readEngine(
  entry: EngineEntry,
  value: ReadValue,
  { values, mode }: EngineSelection,
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
