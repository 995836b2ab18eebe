import {
  contractPageIds,
  docSearchRecordsOf,
  sectionRecordsOf,
  startFakeAlgolia,
} from "@search-docs/test-servers";
import * as hosted from "../__fixtures__/hosted-contract.js";
import { algoliaBackend } from "./algolia-backend.js";

// The backend conformance suite against the fake Algolia, both ways a user's key arrives:
// DocSearch records with a secured API key minted per call (restrictIndices), and DESIGN
// section 2 records with the caller's own search key (whose index list the engine enforces).

const { collectionId, missingCollectionId } = hosted.contractCollections;

hosted.describeContract(
  "backendContract: algoliaBackend, DocSearch records, secured keys minted per call",
  async (documents) => {
    const records = docSearchRecordsOf(documents, "nested");
    const fake = await startFakeAlgolia({
      appId: "CONTRACT",
      indices: { [collectionId]: records, [hosted.restrictedCollection]: records },
      keys: { "parent-search-key": { indices: "*" } },
      searchableAttributes: ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "content"],
      attributesForFaceting: ["url_without_anchor"],
    });
    const restrictionsFor = hosted.readerOnly({
      restrictIndices: [collectionId, missingCollectionId],
    });
    return {
      ...hosted.contractCollections,
      backend: algoliaBackend({
        appId: "CONTRACT",
        hosts: fake.urls,
        mint: { parentKey: "parent-search-key", restrictionsFor },
      }),
      caller: { token: hosted.readerSession },
      documentIds: contractPageIds(documents),
      forbiddenCollectionId: hosted.restrictedCollection,
      close: () => fake.close(),
    };
  },
);

hosted.describeContract(
  "backendContract: algoliaBackend, section records, the caller's own key",
  async (documents) => {
    const records = sectionRecordsOf(documents);
    const fake = await startFakeAlgolia({
      appId: "CONTRACT",
      indices: { [collectionId]: records, [hosted.restrictedCollection]: records },
      keys: { "reader-search-key": { indices: [collectionId, missingCollectionId] } },
      searchableAttributes: ["title", "heading", "body"],
      attributesForFaceting: ["document_id"],
    });
    return {
      ...hosted.contractCollections,
      backend: algoliaBackend({ appId: "CONTRACT", hosts: fake.urls, records: "sections" }),
      caller: { token: "reader-search-key" },
      forbiddenCollectionId: hosted.restrictedCollection,
      close: () => fake.close(),
    };
  },
);
