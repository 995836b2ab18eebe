import { SearchDocsError } from "../errors/search-docs-error.js";

type OpenTelemetryApi = typeof import("@opentelemetry/api");

// Loaded by the first call, not when the package is imported: @opentelemetry/api is 51 modules,
// a third of a cold `import()` of core, paid by every serverless start before its first byte.
let loaded: OpenTelemetryApi | undefined;
let loading: Promise<OpenTelemetryApi> | undefined;

// Whatever an SDK installs (tracer provider, context manager), the API registers under this
// global, one per major version so that every copy of the API in a process shares it (the API's
// own cross-copy contract, src/internal/global-utils.ts in open-telemetry/opentelemetry-js).
const registeredGlobals = Symbol.for("opentelemetry.js.api.1");

/**
 * Whether a call's spans can record anything: the app gave a tracer, or registered an SDK. With
 * neither, every span would be the API's no-op, so the call makes none and never loads the API:
 * a serverless start without tracing does not pay for it.
 */
export function spansCanRecord(telemetry: { tracer?: unknown } | undefined): boolean {
  return telemetry?.tracer !== undefined || registeredGlobals in globalThis;
}

/** Loads the API, once; a tool call whose spans can record awaits it before its span starts. */
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
