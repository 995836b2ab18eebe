// @search-docs/core/typesense: Typesense (its DocSearch fork's collections) as a search backend.

export * from "../backend-kit/engine-entry.js";
export {
  embeddedParametersJson,
  scopedSearchKey,
  type TypesenseRestrictions,
} from "./scoped-search-key.js";
export {
  type TypesenseBackendOptions,
  typesenseBackend,
} from "./typesense-backend.js";
export type { TypesenseSemanticOptions } from "./typesense-semantic.js";
export { type TypesenseErrorRow, typesenseErrorTable } from "./typesense-status-table.js";
