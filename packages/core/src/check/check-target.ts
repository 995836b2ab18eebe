import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";

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
  | { engine: "elasticsearch" | "opensearch"; url: string }
  | { engine: "postgres"; connectionString: string; table: string }
  /** A folder whose top-level folders are collections, or several sources: collection → folder. */
  | { engine: "folder"; root: string; folders?: Readonly<Record<string, string>> };
