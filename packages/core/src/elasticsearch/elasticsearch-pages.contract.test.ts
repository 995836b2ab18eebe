import { startFakeElasticsearch } from "@search-docs/test-servers";
import { describe, it } from "vitest";
import type { ContractDocument } from "../testing/backend-contract.js";
import { backendContract } from "../testing/backend-contract.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";
import { elasticCrawlerFields } from "./elasticsearch-page-fields.js";

// The conformance suite every backend runs, over an index of whole pages as the Elastic web
// crawler writes them (`records: "pages"`, elasticCrawlerFields): each contract document is one
// page, its headings and texts run together in `body_content` with the headings listed in
// `headings`, so the sections the backend derives are the contract's, in order and numbered alike.
function pagesOf(documents: readonly ContractDocument[]): Record<string, unknown>[] {
  return documents.map((document) => ({
    id: document.key,
    title: document.title,
    body_content: document.sections
      .map((section) => `${section.heading} ${section.body}`)
      .join(" "),
    headings: document.sections.map((section) => section.heading),
    url: `https://docs.example.com/${document.slug}`,
    last_crawled_at: document.updated,
  }));
}

for (const flavor of ["elasticsearch", "opensearch"] as const) {
  describe(`backendContract: elasticsearchBackend over crawled pages (${flavor})`, () => {
    const checks = backendContract(async (documents) => {
      const fake = await startFakeElasticsearch({
        flavor,
        idField: "id",
        indices: { "contract-docs": pagesOf(documents), "contract-restricted": pagesOf(documents) },
        users: {
          "ApiKey contract-reader": {
            name: "contract-reader",
            read: ["contract-docs", "contract-missing"],
          },
        },
      });
      return {
        backend: elasticsearchBackend({
          url: fake.url,
          flavor,
          records: "pages",
          pageFields: elasticCrawlerFields,
        }),
        collectionId: "contract-docs",
        caller: { headers: { authorization: "ApiKey contract-reader" } },
        missingCollectionId: "contract-missing",
        forbiddenCollectionId: "contract-restricted",
        pageRecords: true,
        close: () => fake.close(),
      };
    });
    for (const check of checks) it(check.name, check.run);
  });
}
