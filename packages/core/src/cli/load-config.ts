import { existsSync, readFileSync } from "node:fs";

/** A real backend, from the environment. */
export interface BackendConfig {
  baseUrl: string;
  token: string;
  areas: Record<string, string[]>;
}

/** Configuration the CLI cannot use; the message is one line and names the variable. */
export class CliConfigError extends Error {
  override name = "CliConfigError";
}

const variables = ["SEARCH_DOCS_BASE_URL", "SEARCH_DOCS_TOKEN", "SEARCH_DOCS_AREAS"] as const;

/**
 * The backend named by SEARCH_DOCS_BASE_URL, SEARCH_DOCS_TOKEN and SEARCH_DOCS_AREAS (JSON, or a
 * path to a JSON file), or undefined when none is set: then the CLI uses the embedded fake.
 */
export function loadConfig(environment: NodeJS.ProcessEnv): BackendConfig | undefined {
  const set = variables.filter((name) => (environment[name] ?? "").trim() !== "");
  if (set.length === 0) return undefined;
  const missing = variables.filter((name) => !set.includes(name));
  if (missing.length > 0) {
    throw new CliConfigError(
      `${missing[0]} is not set (a real backend needs ${variables.join(", ")}; set none of them to use the embedded fake service)`,
    );
  }
  const baseUrl = (environment.SEARCH_DOCS_BASE_URL ?? "").trim();
  if (!URL.canParse(baseUrl) || !/^https?:/.test(baseUrl)) {
    throw new CliConfigError("SEARCH_DOCS_BASE_URL must be an http(s) URL");
  }
  return {
    baseUrl,
    token: (environment.SEARCH_DOCS_TOKEN ?? "").trim(),
    areas: parseAreas((environment.SEARCH_DOCS_AREAS ?? "").trim()),
  };
}

function parseAreas(value: string): Record<string, string[]> {
  let text = value;
  if (!value.startsWith("{")) {
    if (!existsSync(value)) {
      throw new CliConfigError(
        `SEARCH_DOCS_AREAS must be JSON or the path of a JSON file; no file at ${value}`,
      );
    }
    text = readFileSync(value, "utf8");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliConfigError("SEARCH_DOCS_AREAS is not valid JSON");
  }
  const valid =
    typeof parsed === "object" &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.keys(parsed).length > 0 &&
    Object.values(parsed).every(
      (ids) => Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === "string"),
    );
  if (!valid) {
    throw new CliConfigError(
      'SEARCH_DOCS_AREAS must map area names to lists of collection ids, e.g. {"runbooks":["<uuid>"]}',
    );
  }
  return parsed as Record<string, string[]>;
}
