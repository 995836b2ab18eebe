import { parseAreas } from "../config/docs-config-from-environment.js";
import { postgresLayoutValue } from "../config/postgres-layout-value.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { defaultPostgresTable, type PostgresLayoutOptions } from "./postgres-layout.js";
import { quoteIdentifier } from "./quote-identifier.js";

/** A PostgreSQL backend, as the SEARCH_DOCS_POSTGRES_* variables name it. */
export interface EnvironmentPostgresConfig {
  /** A connection string for node-postgres (it holds a password: never print it). */
  connectionString: string;
  table: string;
  /** Area names → `collection_id` values. */
  areas: Record<string, string[]>;
  /**
   * The backend's layout options (the table, and with SEARCH_DOCS_POSTGRES_ROWS=pages the page
   * variables): `postgresBackend({ pool, ...layout })`.
   */
  layout: PostgresLayoutOptions;
}

/**
 * SEARCH_DOCS_POSTGRES_URL (postgres://…), SEARCH_DOCS_AREAS (area names → collection_id values,
 * JSON or a JSON file's path) and optionally SEARCH_DOCS_POSTGRES_TABLE (default
 * search_docs_sections) and the page-table variables (SEARCH_DOCS_POSTGRES_ROWS=pages, ...). Undefined when SEARCH_DOCS_POSTGRES_URL is not set; a half-done one is a
 * ConfigurationError naming the variable, never quoting the URL (it holds a password).
 */
export function postgresConfigFromEnvironment(
  environment: Record<string, string | undefined>,
): EnvironmentPostgresConfig | undefined {
  const value = (name: string) => environment[name]?.trim() ?? "";
  const connectionString = value("SEARCH_DOCS_POSTGRES_URL");
  if (connectionString === "") return undefined;
  if (!/^postgres(ql)?:\/\//.test(connectionString) || !URL.canParse(connectionString)) {
    throw new ConfigurationError({
      option: "SEARCH_DOCS_POSTGRES_URL",
      message: "SEARCH_DOCS_POSTGRES_URL must be a postgres:// or postgresql:// connection URL",
    });
  }
  if (value("SEARCH_DOCS_AREAS") === "") {
    throw new ConfigurationError({
      option: "SEARCH_DOCS_AREAS",
      message:
        'SEARCH_DOCS_AREAS is not set (a PostgreSQL backend maps area names to collection_id values, e.g. {"runbooks":["runbooks"]})',
    });
  }
  const table = value("SEARCH_DOCS_POSTGRES_TABLE") || defaultPostgresTable;
  quoteIdentifier(table, "SEARCH_DOCS_POSTGRES_TABLE");
  const read = Object.assign(value, { setAs: (name: string) => name, environment });
  const layout = postgresLayoutValue(read, table);
  return { connectionString, table, areas: parseAreas(value("SEARCH_DOCS_AREAS")), layout };
}
