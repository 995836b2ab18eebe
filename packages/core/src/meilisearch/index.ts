// @search-docs/core/meilisearch: Meilisearch (docs-scraper indexes) as a search backend.

export type { CredentialMinting } from "../backend-kit/credential-minting.js";
export {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  type SectionFields,
} from "../backend-kit/record-layout.js";
export {
  type MeilisearchBackendOptions,
  meilisearchBackend,
} from "./meilisearch-backend.js";
export { type MeilisearchErrorRow, meilisearchErrorTable } from "./meilisearch-status-table.js";
export {
  type MeilisearchRestrictions,
  type SearchRules,
  tenantToken,
} from "./tenant-token.js";
