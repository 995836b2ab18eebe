import { registryEntry } from "../config/backend-registry.js";
import type { EngineConfig, EngineName } from "../config/engine-entry.js";
import type { FixContext } from "./classify-failure.js";

/** Each engine's word for a collection and for the credential a fix asks for. */
const words: Record<EngineName, { collection: string; credential: string }> = {
  v2: { collection: "collection", credential: "a bearer token that may read" },
  elasticsearch: { collection: "index", credential: "an API key with the read privilege on" },
  opensearch: { collection: "index", credential: "an API key with the read privilege on" },
  postgres: {
    collection: "collection_id",
    credential: "a user and password the server accepts, for",
  },
  folder: { collection: "folder", credential: "nothing (a folder has no users), for" },
  algolia: { collection: "index", credential: "a search key for" },
  meilisearch: { collection: "index", credential: "a search key for" },
  typesense: { collection: "collection", credential: "a search key for" },
};

/** The names the fixes use for the configured engine: never a value, only variable names. */
export function fixContextOf(config: EngineConfig): FixContext {
  const entry = registryEntry(config.engine);
  const where = entry.variables.find((variable) => variable.required) ?? entry.variables[0];
  const secret = entry.variables.find((variable) => variable.secret)?.name;
  // PostgreSQL refuses the URL's user and password (28P01); SEARCH_DOCS_TOKEN is only the
  // row-level-security caller, which the server never authenticates.
  const credentialVariable = config.engine === "postgres" ? secret : (config.credential ?? secret);
  return {
    label: entry.label,
    origin: config.origin,
    whereVariable:
      config.engine === "folder"
        ? "SEARCH_DOCS_FOLDER_PATH (or --docs)"
        : where?.alias !== undefined
          ? `${where.name} (or ${where.alias})`
          : (where?.name ?? "SEARCH_DOCS_BACKEND"),
    credentialVariable,
    credentialKind: words[config.engine].credential,
    collectionWord: words[config.engine].collection,
  };
}
