import {
  contractPageIds,
  docSearchRecordsOf,
  sectionRecordsOf,
  startFakeAlgolia,
} from "@search-docs/test-servers";
import { describe, it } from "vitest";
import { backendContract } from "../testing/backend-contract.js";
import { algoliaBackend } from "./algolia-backend.js";

// The backend conformance suite against the fake Algolia, both ways a user's key arrives:
// DocSearch records with a secured API key minted per call (restrictIndices), and DESIGN
// section 2 records with the caller's own search key (whose index list the engine enforces).

describe("backendContract: algoliaBackend, DocSearch records, secured keys minted per call", () => {
  const checks = backendContract(async (documents) => {
    const records = docSearchRecordsOf(documents, "nested");
    const fake = await startFakeAlgolia({
      appId: "CONTRACT",
      indices: { "contract-docs": records, "contract-restricted": records },
      keys: { "parent-search-key": { indices: "*" } },
      searchableAttributes: ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "content"],
      attributesForFaceting: ["url_without_anchor"],
    });
    return {
      backend: algoliaBackend({
        appId: "CONTRACT",
        hosts: fake.urls,
        mint: {
          parentKey: "parent-search-key",
          restrictionsFor: (caller) =>
            "token" in caller && caller.token === "session-of-reader"
              ? { restrictIndices: ["contract-docs", "contract-missing"] }
              : undefined,
        },
      }),
      collectionId: "contract-docs",
      caller: { token: "session-of-reader" },
      documentIds: contractPageIds(documents),
      missingCollectionId: "contract-missing",
      forbiddenCollectionId: "contract-restricted",
      close: () => fake.close(),
    };
  });
  for (const check of checks) it(check.name, check.run);
});

describe("backendContract: algoliaBackend, section records, the caller's own key", () => {
  const checks = backendContract(async (documents) => {
    const records = sectionRecordsOf(documents);
    const fake = await startFakeAlgolia({
      appId: "CONTRACT",
      indices: { "contract-docs": records, "contract-restricted": records },
      keys: { "reader-search-key": { indices: ["contract-docs", "contract-missing"] } },
      searchableAttributes: ["title", "heading", "body"],
      attributesForFaceting: ["document_id"],
    });
    return {
      backend: algoliaBackend({ appId: "CONTRACT", hosts: fake.urls, records: "sections" }),
      collectionId: "contract-docs",
      caller: { token: "reader-search-key" },
      missingCollectionId: "contract-missing",
      forbiddenCollectionId: "contract-restricted",
      close: () => fake.close(),
    };
  });
  for (const check of checks) it(check.name, check.run);
});
