import {
  createDocsSearch,
  type DocsSearch,
  type DocsSearchOptions,
} from "../create-docs-search.js";
import { RetryBudget } from "../retry/retry-budget.js";
import type { FakeDocsService } from "./fake-docs-service.js";

/**
 * A docs search pointed at a fake docs service and tuned for tests: backoff in milliseconds
 * rather than seconds, a 150 ms reindex budget, a portal URL, and a retry budget of its own, so
 * one test's retries never starve the next test's (the default budget is shared process-wide).
 * `options` override any of it; `retry` and `limits` are merged field by field.
 */
export function createTestDocsSearch(
  service: Pick<FakeDocsService, "url" | "areas">,
  options: Partial<DocsSearchOptions> = {},
): DocsSearch {
  return createDocsSearch({
    baseUrl: service.url,
    areas: service.areas,
    portalUrl: "https://docs.example.com",
    retryBudget: new RetryBudget({ ratio: 0.2, floor: 100, windowMs: 10_000 }),
    ...options,
    retry: { baseDelayMs: 5, maxDelayMs: 40, conflictBaseDelayMs: 20, ...options.retry },
    limits: { conflictWaitMs: 150, ...options.limits },
  });
}
