import { ConfigurationError } from "../errors/configuration-error.js";
import { defaultPostgresTable } from "../postgres/postgres-layout.js";
import { quoteIdentifier } from "../postgres/quote-identifier.js";
import { areasValue, refuse, requiredValue } from "./config-checks.js";
import type { EngineEntry } from "./engine-entry.js";
import { postgresDescription } from "./postgres-description.js";
import { postgresLayoutValue } from "./postgres-layout-value.js";

interface PgModule {
  default: {
    Pool: new (options: {
      connectionString: string;
      max: number;
    }) => import("../postgres/postgres-pool.js").PostgresPool & { end(): Promise<void> };
  };
}

/** PostgreSQL full-text search over a table of the default layout (needs the `pg` package). */
export const postgresEngine: EngineEntry = {
  ...postgresDescription,
  read(value, mode) {
    const connectionString = requiredValue(value, "SEARCH_DOCS_POSTGRES_URL", "PostgreSQL");
    if (!/^postgres(ql)?:\/\//.test(connectionString) || !URL.canParse(connectionString)) {
      refuse(
        "SEARCH_DOCS_POSTGRES_URL",
        "SEARCH_DOCS_POSTGRES_URL must be a postgres:// or postgresql:// connection URL",
      );
    }
    const table = value("SEARCH_DOCS_POSTGRES_TABLE") || defaultPostgresTable;
    quoteIdentifier(table, "SEARCH_DOCS_POSTGRES_TABLE");
    const layout = postgresLayoutValue(value, table);
    const areas = areasValue(value, "PostgreSQL");
    const where = new URL(connectionString);
    const token = value("SEARCH_DOCS_TOKEN");
    return {
      engine: "postgres",
      origin: `postgres://${where.host}${where.pathname}#${table}`,
      areas,
      ...(mode === "one-user"
        ? { caller: { token: token || "search-docs-cli" }, credential: "SEARCH_DOCS_TOKEN" }
        : {}),
      check: { engine: "postgres", connectionString, table, layout },
      async open() {
        let pg: PgModule;
        try {
          pg = (await import("pg")) as never;
        } catch {
          throw new ConfigurationError({
            option: "SEARCH_DOCS_POSTGRES_URL",
            message:
              "SEARCH_DOCS_POSTGRES_URL needs node-postgres: install pg beside @search-docs/core",
          });
        }
        const { postgresBackend } = await import("../postgres/index.js");
        const pool = new pg.default.Pool({ connectionString, max: 4 });
        return {
          backend: postgresBackend({ pool, ...layout }),
          areas,
          close: () => pool.end(),
        };
      },
    };
  },
};
