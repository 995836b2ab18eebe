import { createDocsSearch, type DocsSearchOptions, RetryBudget } from "@search-docs/core";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";

/** The fake docs service on 127.0.0.1, and a core configured against it for fast tests. */
export async function startDocsService() {
  const service: FakeDocsService = await startFakeDocsService();
  const makeDocs = (options: Partial<DocsSearchOptions> = {}) =>
    createDocsSearch({
      baseUrl: service.url,
      areas: service.areas,
      portalUrl: "https://docs.example.com",
      retry: { baseDelayMs: 5, maxDelayMs: 40, conflictBaseDelayMs: 20 },
      limits: { conflictWaitMs: 150 },
      // A budget per core, so one test's retries never starve another's.
      retryBudget: new RetryBudget({ ratio: 0.2, floor: 100, windowMs: 10_000 }),
      ...options,
    });
  const clearFaults = () => {
    for (const ids of Object.values(service.areas))
      for (const id of ids) service.setFault(id, undefined);
    service.clearRequests();
  };
  return { service, makeDocs, clearFaults };
}
