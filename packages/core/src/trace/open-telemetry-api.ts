import { SearchDocsError } from "../errors/search-docs-error.js";

type OpenTelemetryApi = typeof import("@opentelemetry/api");

// Loaded by the first call, not when the package is imported: @opentelemetry/api is 51 modules,
// a third of a cold `import()` of core, paid by every serverless start before its first byte.
let loaded: OpenTelemetryApi | undefined;
let loading: Promise<OpenTelemetryApi> | undefined;

/** Loads the API, once; each tool call awaits it before its span starts. */
export function loadOpenTelemetryApi(): Promise<OpenTelemetryApi> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  loading ??= import("@opentelemetry/api").then((api) => {
    loaded ??= api;
    return loaded;
  });
  return loading;
}

/** The API, for synchronous use by spans: a call awaited `loadOpenTelemetryApi` first. */
export function openTelemetryApi(): OpenTelemetryApi {
  if (loaded !== undefined) return loaded;
  throw new SearchDocsError(
    "the OpenTelemetry API is not loaded yet: await loadOpenTelemetryApi() before starting a span",
  );
}
