// @search-docs/core/algolia: Algolia (DocSearch) as a search backend.

export type { CredentialMinting } from "../hosted/credential-minting.js";
export {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  type SectionFields,
} from "../hosted/record-layout.js";
export {
  type AlgoliaBackendOptions,
  algoliaBackend,
} from "./algolia-backend.js";
export { type AlgoliaErrorRow, algoliaErrorTable } from "./algolia-status-table.js";
export {
  type AlgoliaRestrictions,
  securedApiKey,
  securedKeyParameters,
} from "./secured-api-key.js";
