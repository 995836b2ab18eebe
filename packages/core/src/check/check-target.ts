import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";
import type { ElasticsearchAuth } from "../elasticsearch/elasticsearch-auth.js";

/**
 * What `check` needs to read an engine's own settings (mapping, schema, columns): the engine's
 * coordinates, the credential excepted (that is the caller's). Never printed: a Postgres URL
 * holds a password.
 */
export type CheckTarget =
  | {
      engine: "algolia";
      appId: string;
      hosts: readonly string[];
      records: RecordLayoutOptions["records"];
    }
  | { engine: "meilisearch" | "typesense"; url: string; records: RecordLayoutOptions["records"] }
  /** `auth`: AWS SigV4 signs check's own requests too, as it signs the backend's. */
  | {
      engine: "elasticsearch" | "opensearch";
      url: string;
      auth?: ElasticsearchAuth;
      /** Page records: no section fields in the mapping to check. */
      records?: "pages";
    }
  | { engine: "postgres"; connectionString: string; table: string }
  /** A folder whose top-level folders are collections, or several sources: collection → folder. */
  | { engine: "folder"; root: string; folders?: Readonly<Record<string, string>> };
