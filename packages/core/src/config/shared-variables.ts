import type { EngineVariable } from "./engine-entry.js";

/** The variables every engine's configuration may use beside its own. */
export const sharedVariables = [
  {
    name: "SEARCH_DOCS_BACKEND",
    description:
      "which engine: v2, elasticsearch, opensearch, postgres, folder, algolia, meilisearch or typesense (optional when one engine's variables are set)",
  },
  {
    name: "SEARCH_DOCS_AREAS",
    description:
      'area names → collection ids, index names or collection_id values: JSON or a JSON file\'s path, e.g. {"runbooks":["docs-runbooks"]}',
  },
  {
    name: "SEARCH_DOCS_PORTAL_URL",
    description: "the docs portal: refs link to pages under it (optional)",
  },
  {
    name: "SEARCH_DOCS_TOKEN",
    description:
      "the one user's bearer token (v2; Elasticsearch/OpenSearch without an API key; PostgreSQL's row-level-security caller)",
    secret: true,
  },
] as const satisfies readonly EngineVariable[];
