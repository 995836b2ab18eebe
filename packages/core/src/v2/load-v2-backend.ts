import type { SearchBackend } from "../backend/search-backend.js";
import type { V2BackendOptions } from "./v2-backend.js";

/**
 * The v2 backend for `createDocsSearch({ baseUrl })`, loaded on its first call: the root import
 * then holds no v2 code (an app on another backend never loads it), and the shorthand still reads
 * as one line. `v2Backend` validates nothing `createDocsSearch` has not already checked, so a
 * mistake is still refused when the search is created, not on its first call.
 */
export function loadV2Backend(options: V2BackendOptions): SearchBackend {
  let loaded: Promise<SearchBackend> | undefined;
  const backend = () => {
    loaded ??= import("./v2-backend.js").then(({ v2Backend }) => v2Backend(options));
    return loaded;
  };
  return {
    specificationVersion: "v1",
    // v2Backend's own name: the trace names the backend that answered.
    name: "v2-http",
    scoring: "section-text",
    searchPage: async (request, attempt) => (await backend()).searchPage(request, attempt),
    getDocument: async (request, attempt) => (await backend()).getDocument(request, attempt),
  };
}
