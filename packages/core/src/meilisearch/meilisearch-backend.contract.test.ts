import {
  contractPageIds,
  docSearchRecordsOf,
  sectionRecordsOf,
  startFakeMeilisearch,
} from "@search-docs/test-servers";
import * as hosted from "../__fixtures__/hosted-contract.js";
import { meilisearchBackend } from "./meilisearch-backend.js";
import { tenantToken } from "./tenant-token.js";

// The backend conformance suite against the fake Meilisearch: docs-scraper records with a tenant
// token minted per call, and DESIGN section 2 records with a tenant token the app minted and the
// caller carries (its unexpired searchRules tell a forbidden index from a refused token).

const { collectionId, missingCollectionId } = hosted.contractCollections;
const hierarchy = ["hierarchy_lvl0", "hierarchy_lvl1", "hierarchy_lvl2", "content"];
const parentKey = { key: "parent-search-key", uid: "0f1e2d3c-parent", indexes: ["*"] };

hosted.describeContract(
  "backendContract: meilisearchBackend, docs-scraper records, tenant tokens minted per call",
  async (documents) => {
    const records = docSearchRecordsOf(documents, "underscored");
    const fake = await startFakeMeilisearch({
      indexes: { [collectionId]: records, [hosted.restrictedCollection]: records },
      keys: [parentKey],
      searchableAttributes: hierarchy,
      filterableAttributes: ["url_without_anchor"],
    });
    const searchRules = { [collectionId]: null, [missingCollectionId]: null };
    return {
      ...hosted.contractCollections,
      backend: meilisearchBackend({
        url: fake.urls[0] ?? "",
        mint: {
          parentKey: parentKey.key,
          apiKeyUid: parentKey.uid,
          restrictionsFor: hosted.readerOnly({ searchRules }),
        },
      }),
      caller: { token: hosted.readerSession },
      documentIds: contractPageIds(documents),
      forbiddenCollectionId: hosted.restrictedCollection,
      close: () => fake.close(),
    };
  },
);

hosted.describeContract(
  "backendContract: meilisearchBackend, section records, the caller's own tenant token",
  async (documents) => {
    const records = sectionRecordsOf(documents);
    const fake = await startFakeMeilisearch({
      indexes: { [collectionId]: records, [hosted.restrictedCollection]: records },
      keys: [parentKey],
      searchableAttributes: ["title", "heading", "body"],
      filterableAttributes: ["document_id"],
    });
    const token = await tenantToken({
      parentKey: parentKey.key,
      apiKeyUid: parentKey.uid,
      searchRules: [collectionId, missingCollectionId],
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    return {
      ...hosted.contractCollections,
      backend: meilisearchBackend({ url: fake.urls[0] ?? "", records: "sections" }),
      caller: { token },
      forbiddenCollectionId: hosted.restrictedCollection,
      close: () => fake.close(),
    };
  },
);
