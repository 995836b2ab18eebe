import { ConfigurationError } from "../errors/configuration-error.js";
import { areasFromText } from "./areas-json.js";
import type { ReadValue } from "./engine-entry.js";

/** A one-line ConfigurationError naming the variable; never quoting a value (it may be a key). */
export function refuse(option: string, message: string): never {
  throw new ConfigurationError({ option, message });
}

/** The variable's value, or a ConfigurationError saying the engine needs it. */
export function requiredValue(value: ReadValue, name: string, engine: string): string {
  const found = value(name);
  if (found === "")
    refuse(name, `${value.setAs(name)} is not set (the ${engine} backend needs it)`);
  return found;
}

/** An http(s) URL. */
export function httpUrlValue(value: ReadValue, name: string, engine: string): string {
  const url = requiredValue(value, name, engine);
  if (!URL.canParse(url) || !/^https?:/.test(url)) {
    refuse(name, `${value.setAs(name)} must be an http(s) URL`);
  }
  return url;
}

/** SEARCH_DOCS_AREAS, required: JSON, or a file's path where the reader can read files. */
export function areasValue(value: ReadValue, engine: string): Record<string, string[]> {
  if (value("SEARCH_DOCS_AREAS") === "") {
    refuse(
      "SEARCH_DOCS_AREAS",
      `SEARCH_DOCS_AREAS is not set (the ${engine} backend maps area names to what it searches, e.g. {"runbooks":["docs-runbooks"]})`,
    );
  }
  return areasFromText(value("SEARCH_DOCS_AREAS"), value.readFile, engine);
}

/** SEARCH_DOCS_PORTAL_URL when set. */
export function portalUrlOf(value: ReadValue): { portalUrl?: string } {
  const portalUrl = value("SEARCH_DOCS_PORTAL_URL");
  if (portalUrl === "") return {};
  if (!URL.canParse(portalUrl) || !/^https?:/.test(portalUrl)) {
    refuse("SEARCH_DOCS_PORTAL_URL", "SEARCH_DOCS_PORTAL_URL must be an http(s) URL");
  }
  return { portalUrl };
}

/** One of a fixed list of words, or the default. */
export function choiceValue<const Choice extends string>(
  value: ReadValue,
  name: string,
  choices: readonly Choice[],
  fallback: Choice,
): Choice {
  const found = value(name) || fallback;
  if (!(choices as readonly string[]).includes(found)) {
    refuse(name, `${name} must be one of ${choices.join(", ")}`);
  }
  return found as Choice;
}

/** Where an engine is, for the start line: its origin and path, never its user or password. */
export function originOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`;
}
