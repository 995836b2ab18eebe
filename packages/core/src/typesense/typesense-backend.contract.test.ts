import {
  contractPageIds,
  docSearchRecordsOf,
  sectionRecordsOf,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { describe, it } from "vitest";
import { backendContract } from "../testing/backend-contract.js";
import { typesenseBackend } from "./typesense-backend.js";

// The backend conformance suite against the fake Typesense: its DocSearch fork's records with a
// scoped search key minted per call, and DESIGN section 2 records with the caller's own key.
// No forbidden collection: Typesense answers 401 for every auth failure, so a collection a key
// may not read is `unauthorized`, never omitted.

describe("backendContract: typesenseBackend, DocSearch records, scoped keys minted per call", () => {
  const checks = backendContract(async (documents) => {
    const fake = await startFakeTypesense({
      collections: { "contract-docs": docSearchRecordsOf(documents, "dotted") },
      keys: { parentSearchKey0001: { collections: ["*"] } },
      fields: [
        "hierarchy.lvl0",
        "hierarchy.lvl1",
        "hierarchy.lvl2",
        "hierarchy.lvl3",
        "hierarchy.lvl4",
        "hierarchy.lvl5",
        "hierarchy.lvl6",
        "content",
        "url_without_anchor",
      ],
    });
    return {
      backend: typesenseBackend({
        url: fake.urls[0] ?? "",
        mint: {
          parentKey: "parentSearchKey0001",
          restrictionsFor: (caller) =>
            "token" in caller && caller.token === "session-of-reader" ? {} : undefined,
        },
      }),
      collectionId: "contract-docs",
      caller: { token: "session-of-reader" },
      documentIds: contractPageIds(documents),
      missingCollectionId: "contract-missing",
      close: () => fake.close(),
    };
  });
  for (const check of checks) it(check.name, check.run);
});

describe("backendContract: typesenseBackend, section records, the caller's own key", () => {
  const checks = backendContract(async (documents) => {
    const fake = await startFakeTypesense({
      collections: { "contract-docs": sectionRecordsOf(documents) },
      keys: { "reader-search-key": { collections: ["contract-docs", "contract-missing"] } },
      fields: ["title", "heading", "body", "document_id"],
    });
    return {
      backend: typesenseBackend({ url: fake.urls[0] ?? "", records: "sections" }),
      collectionId: "contract-docs",
      caller: { token: "reader-search-key" },
      missingCollectionId: "contract-missing",
      close: () => fake.close(),
    };
  });
  for (const check of checks) it(check.name, check.run);
});
