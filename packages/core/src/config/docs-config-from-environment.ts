import { existsSync, readFileSync } from "node:fs";
import { ConfigurationError } from "../errors/configuration-error.js";

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
  const parsed = readAreasJson(value);
  const shapeProblem = areasShapeProblem(parsed);
  if (shapeProblem !== undefined) {
    fail(
      "SEARCH_DOCS_AREAS",
      `SEARCH_DOCS_AREAS is JSON of the wrong shape (${shapeProblem}): it must map area names to lists of collection ids, e.g. {"runbooks":["<uuid>"]}`,
    );
  }
  return parsed as Record<string, string[]>;
}

/** The variable's JSON, inline or from the file it names; one line naming what is wrong. */
function readAreasJson(value: string): unknown {
  const inline = parseJson(value);
  // An object or a list is meant inline; a bare word that parses (a number) may be a file name.
  if (inline.ok && typeof inline.value === "object" && inline.value !== null) return inline.value;
  if (existsSync(value)) {
    const fromFile = parseJson(readFileSync(value, "utf8"));
    if (!fromFile.ok)
      fail("SEARCH_DOCS_AREAS", `SEARCH_DOCS_AREAS names a file that is not valid JSON: ${value}`);
    return fromFile.value;
  }
  if (inline.ok) return inline.value;
  if (/^\s*[[{"]/.test(value)) fail("SEARCH_DOCS_AREAS", "SEARCH_DOCS_AREAS is not valid JSON");
  return fail(
    "SEARCH_DOCS_AREAS",
    `SEARCH_DOCS_AREAS must be JSON or the path of a JSON file; no file at ${value}`,
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Undefined for `{ area: [id, ...], ... }`; else what the JSON is instead, for the message. */
function areasShapeProblem(parsed: unknown): string | undefined {
  if (Array.isArray(parsed)) return "a list, not an object";
  if (typeof parsed !== "object" || parsed === null)
    return `${JSON.stringify(parsed)}, not an object`;
  const entries = Object.entries(parsed);
  if (entries.length === 0) return "an empty object";
  const bad = entries.find(
    ([, ids]) =>
      !Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === "string"),
  );
  return bad
    ? `${JSON.stringify(bad[0]).slice(0, 60)} is not a non-empty list of strings`
    : undefined;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:/.test(value);
}

function fail(option: string, message: string): never {
  throw new ConfigurationError({ option, message });
}
