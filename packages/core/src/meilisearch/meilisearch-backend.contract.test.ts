import {
  contractPageIds,
  docSearchRecordsOf,
  sectionRecordsOf,
  startFakeMeilisearch,
} from "@search-docs/test-servers";
import { describe, it } from "vitest";
import { backendContract } from "../testing/backend-contract.js";
import { meilisearchBackend } from "./meilisearch-backend.js";

// The backend conformance suite against the fake Meilisearch: docs-scraper records with a tenant
// token minted per call, and DESIGN section 2 records with a tenant token the app minted and the
// caller carries (its unexpired searchRules tell a forbidden index from a refused token).

const hierarchy = ["hierarchy_lvl0", "hierarchy_lvl1", "hierarchy_lvl2", "content"];

describe("backendContract: meilisearchBackend, docs-scraper records, tenant tokens minted per call", () => {
  const checks = backendContract(async (documents) => {
    const records = docSearchRecordsOf(documents, "underscored");
    const fake = await startFakeMeilisearch({
      indexes: { "contract-docs": records, "contract-restricted": records },
      keys: [{ key: "parent-search-key", uid: "0f1e2d3c-parent", indexes: ["*"] }],
      searchableAttributes: hierarchy,
      filterableAttributes: ["url_without_anchor"],
    });
    return {
      backend: meilisearchBackend({
        url: fake.urls[0] ?? "",
        mint: {
          parentKey: "parent-search-key",
          apiKeyUid: "0f1e2d3c-parent",
          restrictionsFor: (caller) =>
            "token" in caller && caller.token === "session-of-reader"
              ? { searchRules: { "contract-docs": null, "contract-missing": null } }
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

describe("backendContract: meilisearchBackend, section records, the caller's own tenant token", () => {
  const checks = backendContract(async (documents) => {
    const records = sectionRecordsOf(documents);
    const fake = await startFakeMeilisearch({
      indexes: { "contract-docs": records, "contract-restricted": records },
      keys: [{ key: "parent-search-key", uid: "0f1e2d3c-parent", indexes: ["*"] }],
      searchableAttributes: ["title", "heading", "body"],
      filterableAttributes: ["document_id"],
    });
    const { tenantToken } = await import("./tenant-token.js");
    const token = await tenantToken({
      parentKey: "parent-search-key",
      apiKeyUid: "0f1e2d3c-parent",
      searchRules: ["contract-docs", "contract-missing"],
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    return {
      backend: meilisearchBackend({ url: fake.urls[0] ?? "", records: "sections" }),
      collectionId: "contract-docs",
      caller: { token },
      missingCollectionId: "contract-missing",
      forbiddenCollectionId: "contract-restricted",
      close: () => fake.close(),
    };
  });
  for (const check of checks) it(check.name, check.run);
});
