import {
  type HostedEngineFixture,
  type HostedEngineName,
  startHostedEngineFixture,
} from "@search-docs/test-servers";
import { algoliaBackend } from "../algolia/algolia-backend.js";
import type { SearchBackend } from "../backend/search-backend.js";
import { meilisearchBackend } from "../meilisearch/meilisearch-backend.js";
import { contractDocuments } from "../testing/contract-documents.js";
import { typesenseBackend } from "../typesense/typesense-backend.js";

/** The hosted engine fixture of test-servers over core's own backends and contract corpus. */
export function startHostedEngine(
  engine: HostedEngineName,
): Promise<HostedEngineFixture<SearchBackend>> {
  return startHostedEngineFixture(engine, {
    backends: {
      algolia: algoliaBackend,
      meilisearch: meilisearchBackend,
      typesense: typesenseBackend,
    },
    documents: contractDocuments(),
  });
}
