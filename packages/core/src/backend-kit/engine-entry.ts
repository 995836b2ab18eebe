// What every hosted engine's entry (@search-docs/core/algolia, /meilisearch, /typesense) re-exports
// from the kit: the record layouts' field names and the minting option's type, so a user sets up
// records and per-user keys from the engine's own entry. One list, not one copy per engine.

export type { CredentialMinting } from "./credential-minting.js";
export type { QueryEmbed } from "./query-vector.js";
export {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  type SectionFields,
} from "./record-layout.js";
