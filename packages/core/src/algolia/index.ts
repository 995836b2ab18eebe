// @search-docs/core/algolia: Algolia (DocSearch) as a search backend.

export type { CredentialMinting } from "../backend-kit/credential-minting.js";
export {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  type SectionFields,
} from "../backend-kit/record-layout.js";
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
