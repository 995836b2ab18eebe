import { ConfigurationError } from "../errors/configuration-error.js";

/**
 * SEARCH_DOCS_AREAS read: JSON mapping area names to collection ids, or the path of a JSON file
 * when `readFile` is given (a Node reader). Without it (an edge runtime reads no file) a value
 * that is not JSON is refused, naming `engine`, rather than taken for a path. No Node built-in
 * here: the edge reader imports this file.
 */
export function areasFromText(
  text: string,
  readFile?: (path: string) => string | undefined,
  engine?: string,
): Record<string, string[]> {
  const parsed = readAreasJson(text, readFile, engine);
  const shapeProblem = areasShapeProblem(parsed);
  if (shapeProblem !== undefined) {
    fail(
      `SEARCH_DOCS_AREAS is JSON of the wrong shape (${shapeProblem}): it must map area names to lists of collection ids, e.g. {"runbooks":["<uuid>"]}`,
    );
  }
  return parsed as Record<string, string[]>;
}

/** The variable's JSON, inline or from the file it names; one line naming what is wrong. */
function readAreasJson(
  text: string,
  readFile: ((path: string) => string | undefined) | undefined,
  engine: string | undefined,
): unknown {
  const inline = parseJson(text);
  // An object or a list is meant inline; a bare word that parses (a number) may be a file name.
  if (inline.ok && typeof inline.value === "object" && inline.value !== null) return inline.value;
  const fileText = readFile?.(text);
  if (fileText !== undefined) {
    const fromFile = parseJson(fileText);
    if (!fromFile.ok) fail(`SEARCH_DOCS_AREAS names a file that is not valid JSON: ${text}`);
    return fromFile.value;
  }
  if (inline.ok) return inline.value;
  if (/^\s*[[{"]/.test(text)) fail("SEARCH_DOCS_AREAS is not valid JSON");
  if (readFile === undefined) {
    return fail(
      `SEARCH_DOCS_AREAS is not JSON, and an edge runtime reads no file: give ${engine === undefined ? "the areas" : `the ${engine} backend's areas`} as JSON here, or read the file from a Node route`,
    );
  }
  return fail(`SEARCH_DOCS_AREAS must be JSON or the path of a JSON file; no file at ${text}`);
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

function fail(message: string): never {
  throw new ConfigurationError({ option: "SEARCH_DOCS_AREAS", message });
}
