import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";
import type { ElasticsearchAuth } from "../elasticsearch/elasticsearch-auth.js";
import type { ElasticsearchSemanticOptions } from "../elasticsearch/elasticsearch-semantic.js";
import type { MeilisearchSemanticOptions } from "../meilisearch/meilisearch-hybrid.js";
import type { PostgresLayoutOptions } from "../postgres/postgres-layout.js";
import type { PostgresSemanticOptions } from "../postgres/postgres-semantic.js";
import type { TypesenseSemanticOptions } from "../typesense/typesense-semantic.js";

/**
 * What `check` needs to read an engine's own settings (mapping, schema, columns): the engine's
 * coordinates, the credential excepted (that is the caller's). Never printed: a Postgres URL
 * holds a password. `semantic` is the backend's own semantic option (the same object, `embed`
 * included): check verifies the embedder or field it names against the engine (docs/check.md).
 */
export type CheckTarget =
  | {
      engine: "algolia";
      appId: string;
      hosts: readonly string[];
      records: RecordLayoutOptions["records"];
    }
  | {
      engine: "meilisearch";
      url: string;
      records: RecordLayoutOptions["records"];
      semantic?: MeilisearchSemanticOptions;
    }
  | {
      engine: "typesense";
      url: string;
      records: RecordLayoutOptions["records"];
      semantic?: TypesenseSemanticOptions;
    }
  /** `auth`: AWS SigV4 signs check's own requests too, as it signs the backend's. */
  | {
      engine: "elasticsearch" | "opensearch";
      url: string;
      auth?: ElasticsearchAuth;
      /** Page records: no section fields in the mapping to check. */
      records?: "pages";
      semantic?: ElasticsearchSemanticOptions;
    }
  /** `layout`: a page table's (SEARCH_DOCS_POSTGRES_ROWS=pages), checked by its own columns. */
  | {
      engine: "postgres";
      connectionString: string;
      table: string;
      layout?: PostgresLayoutOptions;
      /** pgvector's column: set in code only (its `embed` is a function, no variable gives it). */
      semantic?: PostgresSemanticOptions;
    }
  /** A folder whose top-level folders are collections, or several sources: collection → folder. */
  | { engine: "folder"; root: string; folders?: Readonly<Record<string, string>> };
