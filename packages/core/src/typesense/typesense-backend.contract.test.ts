import {
  contractPageIds,
  docSearchRecordsOf,
  sectionRecordsOf,
  startFakeTypesense,
} from "@search-docs/test-servers";
import * as hosted from "../__fixtures__/hosted-contract.js";
import { typesenseBackend } from "./typesense-backend.js";

// The backend conformance suite against the fake Typesense: its DocSearch fork's records with a
// scoped search key minted per call, and DESIGN section 2 records with the caller's own key.
// No forbidden collection: Typesense answers 401 for every auth failure, so a collection a key
// may not read is `unauthorized`, never omitted.

const { collectionId, missingCollectionId } = hosted.contractCollections;
const levels = [0, 1, 2, 3, 4, 5, 6].map((level) => `hierarchy.lvl${level}`);

hosted.describeContract(
  "backendContract: typesenseBackend, DocSearch records, scoped keys minted per call",
  async (documents) => {
    const fake = await startFakeTypesense({
      collections: { [collectionId]: docSearchRecordsOf(documents, "dotted") },
      keys: { parentSearchKey0001: { collections: ["*"] } },
      fields: [...levels, "content", "url_without_anchor"],
    });
    return {
      ...hosted.contractCollections,
      backend: typesenseBackend({
        url: fake.urls[0] ?? "",
        mint: { parentKey: "parentSearchKey0001", restrictionsFor: hosted.readerOnly({}) },
      }),
      caller: { token: hosted.readerSession },
      documentIds: contractPageIds(documents),
      close: () => fake.close(),
    };
  },
);

hosted.describeContract(
  "backendContract: typesenseBackend, section records, the caller's own key",
  async (documents) => {
    const fake = await startFakeTypesense({
      collections: { [collectionId]: sectionRecordsOf(documents) },
      keys: { "reader-search-key": { collections: [collectionId, missingCollectionId] } },
      fields: ["title", "heading", "body", "document_id"],
    });
    return {
      ...hosted.contractCollections,
      backend: typesenseBackend({ url: fake.urls[0] ?? "", records: "sections" }),
      caller: { token: "reader-search-key" },
      close: () => fake.close(),
    };
  },
);
