import { defaultPostgresTable } from "../postgres/postgres-layout.js";
import type { EngineDescription } from "./engine-entry.js";

/**
 * PostgreSQL as the registry names it: its variables, apart from its reader (postgres-engine.ts),
 * which loads `pg` and so runs on Node only; the edge reader names it from here to refuse it.
 */
export const postgresDescription: EngineDescription = {
  engine: "postgres",
  label: "PostgreSQL",
  variables: [
    {
      name: "SEARCH_DOCS_POSTGRES_URL",
      required: true,
      secret: true,
      description: "a postgres:// connection URL (it holds a password: never printed)",
    },
    {
      name: "SEARCH_DOCS_POSTGRES_TABLE",
      description: `the table or view (default ${defaultPostgresTable}, a sections table)`,
    },
    {
      name: "SEARCH_DOCS_POSTGRES_ROWS",
      description:
        "sections (one row per section, the default) or pages (one row per page, as an app keeps them: sections from its Markdown headings)",
    },
    {
      name: "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS",
      description:
        'with pages: the columns\' names where they differ from id, title, body, url, updated_at, as JSON (null for one the table lacks), e.g. {"body":"body_markdown","collectionId":"team"}',
    },
    {
      name: "SEARCH_DOCS_POSTGRES_COLLECTION",
      description:
        "with pages and no collectionId column: the one collection the table is, which SEARCH_DOCS_AREAS maps to (default: the table's name)",
    },
    {
      name: "SEARCH_DOCS_POSTGRES_PAGE_FORMAT",
      description: "with pages: markdown (the default), html or plain (one section per page)",
    },
  ],
  shared: ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_TOKEN"],
  callerNeeds: "a token row-level security reads (optional: SEARCH_DOCS_TOKEN)",
  overFetch: false,
};
