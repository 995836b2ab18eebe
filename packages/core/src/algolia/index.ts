// @search-docs/core/algolia: Algolia (DocSearch) as a search backend.

export * from "../backend-kit/engine-entry.js";
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
