import { startFakeElasticsearch } from "@search-docs/test-servers";
import { describe, it } from "vitest";
import type { ContractDocument } from "../testing/backend-contract.js";
import { backendContract } from "../testing/backend-contract.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";

// The backend conformance suite, against the fake engine speaking each flavor's wire: the
// contract's corpus one record per section, a reader whose API key may read it, an index the
// reader may not read (403 security_exception) and one that does not exist (404).
function recordsOf(documents: readonly ContractDocument[]): Record<string, unknown>[] {
  return documents.flatMap((document) =>
    document.sections.map((section, position) => ({
      document_id: document.key,
      section: position + 1,
      title: document.title,
      heading: section.heading,
      body: section.body,
      slug: document.slug,
      updated_at: document.updated,
    })),
  );
}

for (const flavor of ["elasticsearch", "opensearch"] as const) {
  describe(`backendContract: elasticsearchBackend (${flavor})`, () => {
    const checks = backendContract(async (documents) => {
      const fake = await startFakeElasticsearch({
        flavor,
        indices: {
          "contract-docs": recordsOf(documents),
          "contract-restricted": recordsOf(documents),
        },
        users: {
          "ApiKey contract-reader": {
            name: "contract-reader",
            read: ["contract-docs", "contract-missing"],
          },
        },
      });
      return {
        backend: elasticsearchBackend({ url: fake.url, flavor }),
        collectionId: "contract-docs",
        caller: { headers: { authorization: "ApiKey contract-reader" } },
        missingCollectionId: "contract-missing",
        forbiddenCollectionId: "contract-restricted",
        close: () => fake.close(),
      };
    });
    for (const check of checks) it(check.name, check.run);
  });
}
