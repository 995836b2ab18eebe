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
      description: `the sections table (default ${defaultPostgresTable})`,
    },
  ],
  shared: ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_TOKEN"],
  callerNeeds: "a token row-level security reads (optional: SEARCH_DOCS_TOKEN)",
  overFetch: false,
};
