import { ConfigurationError } from "../errors/configuration-error.js";
import { areasFromText } from "./areas-json.js";
import { readAreasFile } from "./read-areas-file.js";

/** A real docs backend, as the SEARCH_DOCS_* variables name it. */
export interface EnvironmentDocsConfig {
  baseUrl: string;
  areas: Record<string, string[]>;
  portalUrl?: string;
  /** Only with `token: "required"`: one user's token, for a CLI or a script, never a server. */
  token?: string;
}

export interface DocsConfigFromEnvironmentOptions {
  /**
   * "required" (a CLI or script acting as one user) or "ignored" (a server, where credentials
   * come with each request and a process-wide token would give every user one scope).
   */
  token: "required" | "ignored";
}

/**
 * SEARCH_DOCS_BASE_URL, SEARCH_DOCS_AREAS (JSON, or the path of a JSON file, mapping area names
 * to collection ids), SEARCH_DOCS_TOKEN when required, and optionally SEARCH_DOCS_PORTAL_URL.
 * Undefined when none is set (use a fake service, say); a half-done or malformed configuration is
 * a ConfigurationError whose one-line message and `option` name the variable.
 */
export function docsConfigFromEnvironment(
  environment: Record<string, string | undefined>,
  { token: tokenMode }: DocsConfigFromEnvironmentOptions = { token: "required" },
): EnvironmentDocsConfig | undefined {
  const variables =
    tokenMode === "required"
      ? ["SEARCH_DOCS_BASE_URL", "SEARCH_DOCS_TOKEN", "SEARCH_DOCS_AREAS"]
      : ["SEARCH_DOCS_BASE_URL", "SEARCH_DOCS_AREAS"];
  const value = (name: string) => environment[name]?.trim() ?? "";
  const set = variables.filter((name) => value(name) !== "");
  if (set.length === 0) return undefined;
  const missing = variables.find((name) => value(name) === "");
  if (missing) {
    fail(
      missing,
      `${missing} is not set (a real backend needs ${variables.join(", ")}; set none of them to use the embedded fake service)`,
    );
  }
  const baseUrl = value("SEARCH_DOCS_BASE_URL");
  if (!isHttpUrl(baseUrl))
    fail("SEARCH_DOCS_BASE_URL", "SEARCH_DOCS_BASE_URL must be an http(s) URL");
  const portalUrl = value("SEARCH_DOCS_PORTAL_URL");
  if (portalUrl && !isHttpUrl(portalUrl)) {
    fail("SEARCH_DOCS_PORTAL_URL", "SEARCH_DOCS_PORTAL_URL must be an http(s) URL");
  }
  return {
    baseUrl,
    areas: parseAreas(value("SEARCH_DOCS_AREAS")),
    ...(portalUrl ? { portalUrl } : {}),
    ...(tokenMode === "required" ? { token: value("SEARCH_DOCS_TOKEN") } : {}),
  };
}

/** SEARCH_DOCS_AREAS: JSON, or the path of a JSON file, mapping area names to collection ids. */
export function parseAreas(value: string): Record<string, string[]> {
  return areasFromText(value, readAreasFile);
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:/.test(value);
}

function fail(option: string, message: string): never {
  throw new ConfigurationError({ option, message });
}
