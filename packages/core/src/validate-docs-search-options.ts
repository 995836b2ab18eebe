import type { SearchBackend } from "./backend/search-backend.js";
import type { DocsSearchOptions } from "./create-docs-search.js";
import { ConfigurationError } from "./errors/configuration-error.js";

// createDocsSearch's options, checked once when the search is created: a mistake is a typed
// ConfigurationError naming the option, never a failure on the first call.

const areaNamePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The options checked, and the areas copied and frozen: a later change to the caller's is not the search's. */
export function validateOptions<AreaName extends string>(options: DocsSearchOptions<AreaName>) {
  if (typeof options !== "object" || options === null) {
    throw new ConfigurationError({
      option: "options",
      message: "createDocsSearch needs an options object.",
    });
  }
  const { baseUrl, backend, areas, portalUrl, refStore } = options;
  if (
    refStore !== undefined &&
    (typeof refStore?.get !== "function" ||
      (typeof refStore.setIfAbsent !== "function" && typeof refStore.set !== "function"))
  ) {
    throw new ConfigurationError({
      option: "refStore",
      message: "refStore needs get() and setIfAbsent() (or set(), for a single process).",
    });
  }
  if (backend !== undefined) {
    if (baseUrl !== undefined) {
      throw new ConfigurationError({
        option: "backend",
        message: "give backend or baseUrl (the v2 API's shorthand), not both.",
      });
    }
    checkBackend(backend);
  } else {
    checkBaseUrl(baseUrl);
  }
  if (portalUrl !== undefined && (typeof portalUrl !== "string" || !URL.canParse(portalUrl))) {
    throw new ConfigurationError({ option: "portalUrl", message: "portalUrl must be a URL." });
  }
  if (typeof areas !== "object" || areas === null || Object.keys(areas).length === 0) {
    throw new ConfigurationError({
      option: "areas",
      message:
        'areas must map at least one area name to collection ids, e.g. { runbooks: ["<uuid>"] }.',
    });
  }
  const copy: Record<string, readonly string[]> = {};
  for (const [name, collectionIds] of Object.entries<readonly string[]>(areas)) {
    if (!areaNamePattern.test(name)) {
      throw new ConfigurationError({
        option: "areas",
        message: `area "${name}" must be lower-case letters, digits, "-" or "_" (it appears in refs).`,
      });
    }
    if (
      !Array.isArray(collectionIds) ||
      collectionIds.length === 0 ||
      !collectionIds.every((id) => typeof id === "string" && id.trim() !== "")
    ) {
      throw new ConfigurationError({
        option: "areas",
        message: `area "${name}" must list one or more collection ids.`,
      });
    }
    copy[name] = Object.freeze([...collectionIds]);
  }
  return { areas: Object.freeze(copy) };
}

function checkBaseUrl(baseUrl: unknown): void {
  if (typeof baseUrl !== "string" || !URL.canParse(baseUrl) || !/^https?:/.test(baseUrl)) {
    throw new ConfigurationError({
      option: "baseUrl",
      message: "give a backend, or baseUrl: the v2 API's http(s) URL.",
    });
  }
  const parsedBaseUrl = new URL(baseUrl);
  if (parsedBaseUrl.username !== "" || parsedBaseUrl.password !== "") {
    // fetch refuses such a URL on every request; credentials go in the caller's headers.
    throw new ConfigurationError({
      option: "baseUrl",
      message: "baseUrl must not hold a user name or password; send credentials as the caller's.",
    });
  }
}

function checkBackend(backend: unknown): void {
  const candidate = backend as Partial<SearchBackend> | null;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    candidate.specificationVersion !== "v1" ||
    typeof candidate.name !== "string" ||
    typeof candidate.searchPage !== "function" ||
    typeof candidate.getDocument !== "function"
  ) {
    throw new ConfigurationError({
      option: "backend",
      message:
        'backend must be a SearchBackend: { specificationVersion: "v1", name, searchPage(), getDocument() }.',
    });
  }
}
