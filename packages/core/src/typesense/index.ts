// @search-docs/core/typesense: Typesense (its DocSearch fork's collections) as a search backend.

export type { CredentialMinting } from "../backend-kit/credential-minting.js";
export {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  type SectionFields,
} from "../backend-kit/record-layout.js";
export {
  embeddedParametersJson,
  scopedSearchKey,
  type TypesenseRestrictions,
} from "./scoped-search-key.js";
export {
  type TypesenseBackendOptions,
  typesenseBackend,
} from "./typesense-backend.js";
export { type TypesenseErrorRow, typesenseErrorTable } from "./typesense-status-table.js";
