// @search-docs/core/meilisearch: Meilisearch (docs-scraper indexes) as a search backend.

export * from "../backend-kit/engine-entry.js";
export {
  type MeilisearchBackendOptions,
  meilisearchBackend,
} from "./meilisearch-backend.js";
export type { MeilisearchSemanticOptions } from "./meilisearch-hybrid.js";
export { type MeilisearchErrorRow, meilisearchErrorTable } from "./meilisearch-status-table.js";
export {
  type MeilisearchRestrictions,
  type SearchRules,
  tenantToken,
} from "./tenant-token.js";
