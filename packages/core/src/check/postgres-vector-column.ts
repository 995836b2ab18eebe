import type { PostgresSemanticOptions } from "../postgres/postgres-semantic.js";
import {
  dimensionsMismatch,
  type SemanticFinding,
  type SemanticInspector,
} from "./semantic-finding.js";

// pgvector's semantic stage reads one column of the sections table: the backend sends the query's
// vector as `$9::vector` and orders by `column <=> $9::vector` (postgres-semantic-queries.ts).
// So the check reads the catalog, not the rows:
// - the extension (pg_extension, https://www.postgresql.org/docs/current/catalog-pg-extension.html)
//   and whether the role's search_path sees its type: `to_regtype('vector')` resolves the name
//   as the backend's `::vector` cast does (https://www.postgresql.org/docs/current/functions-info.html);
// - the column's declared type, `format_type(atttypid, atttypmod)` of pg_attribute
//   (https://www.postgresql.org/docs/current/catalog-pg-attribute.html): `vector(n)`, or
//   `halfvec(n)`, which pgvector casts a vector to implicitly (measured on pgvector 0.8.7:
//   `halfvec_column <=> '[…]'::vector` orders as the vector column does). pgvector's types take
//   their dimensions as the typmod (https://github.com/pgvector/pgvector#storing); without one
//   the backend's length check is skipped (it reads atttypmod > 0) and no HNSW or IVFFlat index
//   can be built on the column ("column does not have dimensions"), so `vector` alone fails.
// The catalogs are readable by every role; a schema the role may not use (42501) is not read,
// and says so: the probe below runs the semantic search.

interface PgClient {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on(event: "error", listener: () => void): unknown;
  end(): Promise<void>;
}

const vectorType = /^(vector|halfvec)\((\d+)\)$/;
const installFix =
  "create extension vector in this database (pgvector, installed on the server first: https://github.com/pgvector/pgvector#installation)";

export function postgresVectorColumnInspector(target: {
  connectionString: string;
  table: string;
  semantic: PostgresSemanticOptions;
}): SemanticInspector {
  const { table, semantic } = target;
  const column = semantic.column;
  return {
    async inspect() {
      const pg = (await import("pg")) as unknown as {
        default: { Client: new (options: { connectionString: string }) => PgClient };
      };
      // One short connection per collection: the layout inspection keeps its own pool.
      const client = new pg.default.Client({ connectionString: target.connectionString });
      client.on("error", () => {});
      await client.connect();
      try {
        const extension = await client.query(
          "select extnamespace::regnamespace::text as schema, to_regtype('vector') is not null as visible from pg_extension where extname = 'vector'",
        );
        const installed = extension.rows[0];
        if (installed === undefined) {
          return {
            state: "fail",
            detail: `the vector extension is not installed in this database: PostgreSQL does not know the type vector of semantic.column ${column}`,
            fix: installFix,
          };
        }
        if (installed.visible !== true) {
          return {
            state: "fail",
            detail: `the vector extension is in schema ${String(installed.schema)}, which is not on the role's search_path: the search's ::vector cast fails`,
            fix: `add ${String(installed.schema)} to the role's search_path (alter role … set search_path = "$user", public, ${String(installed.schema)})`,
          };
        }
        const columns = await client.query(
          "select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped",
          [table],
        );
        // No table: the record layout row says so, and the collection stops there.
        if (columns.rows.length === 0) {
          return { state: "skip", detail: `no table or view ${table} to read` };
        }
        const types = new Map(columns.rows.map((row) => [String(row.name), String(row.type)]));
        const type = types.get(column);
        if (type === undefined) return missing(table, column, types, semantic.dimensions);
        const declared = vectorType.exec(type);
        if (declared === null) {
          return {
            state: "fail",
            detail: `${table}.${column} is ${type}, not a vector(n) or halfvec(n) column`,
            fix: `alter table ${table} alter column ${column} type vector(n), n your model's dimensions (pgvector: https://github.com/pgvector/pgvector#storing), or set semantic.column to the column that holds them`,
          };
        }
        const dimensions = Number(declared[2]);
        const mismatch = dimensionsMismatch(semantic.dimensions, dimensions, `${table}.${column}`);
        if (mismatch !== undefined) return mismatch;
        return { state: "pass", detail: `${table}.${column} is ${type}` };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== "42501") throw error;
        return {
          state: "skip",
          detail: `column types not read (42501: ${(error as Error).message}); the probe below runs the semantic search`,
        };
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

function missing(
  table: string,
  column: string,
  types: ReadonlyMap<string, string>,
  dimensions: number | undefined,
): SemanticFinding {
  const candidates = [...types].filter(([, type]) => vectorType.test(type)).map(([name]) => name);
  return {
    state: "fail",
    detail: `${table} has no column ${column} (its vector columns: ${candidates.join(", ") || "none"})`,
    fix:
      candidates.length > 0
        ? `set semantic.column to one of ${candidates.join(", ")}`
        : `alter table ${table} add column ${column} vector(${dimensions ?? "n"}), filled with your model's vectors of each section (docs/semantic-search.md)`,
  };
}
