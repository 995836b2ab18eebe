import { type Stats, statSync } from "node:fs";
import type { BackendFailure } from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { FolderIndexReader, IndexFormatError } from "./folder-index-reader.js";
import type { ResolvedFolderOptions } from "./folder-options.js";
import type { IndexRefresher } from "./index-refresher.js";
import { sqliteFailure } from "./sqlite-failures.js";

// While the first index is built, calls say "rebuilding": core waits within its rebuild budget.
const rebuildingRetryMs = 250;

export type OpenedIndex =
  | { reader: FolderIndexReader }
  | { kind: "failure"; failure: BackendFailure; status: string };

/**
 * The reader on the index in place, reopened when the file was swapped since it was opened; or
 * the honest failure when there is none (being built, could not be built, never will be).
 */
export class IndexConnection {
  readonly #options: ResolvedFolderOptions;
  readonly #refresher: IndexRefresher;
  #reader: { reader: FolderIndexReader; identity: string } | undefined;

  constructor(options: ResolvedFolderOptions, refresher: IndexRefresher) {
    this.#options = options;
    this.#refresher = refresher;
  }

  open(doing: string): OpenedIndex {
    let stats: Stats;
    try {
      stats = statSync(this.#options.indexPath);
    } catch (error) {
      return { kind: "failure", ...this.#noIndex(doing, error) };
    }
    if (!stats.isFile()) {
      return {
        kind: "failure",
        failure: {
          kind: "failed",
          cause: "misconfigured",
          reason: `${doing}: the index path is not a file`,
        },
        status: "not_a_file",
      };
    }
    const identity = `${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.size}`;
    if (this.#reader?.identity === identity) return { reader: this.#reader.reader };
    try {
      const reader = new FolderIndexReader(this.#options.indexPath);
      this.#reader?.reader.close();
      this.#reader = { reader, identity };
      return { reader };
    } catch (error) {
      if (this.#refresher.running) {
        return {
          kind: "failure",
          failure: {
            kind: "rebuilding",
            retryAfterMs: rebuildingRetryMs,
            reason: `${doing}: index is being rebuilt`,
          },
          status: "indexing",
        };
      }
      if (error instanceof IndexFormatError) {
        return {
          kind: "failure",
          failure: { kind: "failed", cause: "malformed", reason: `${doing}: ${error.message}` },
          status: "index_format",
        };
      }
      const mapped = sqliteFailure(error, `${doing}: opening the index`);
      if (mapped.failure.kind === "failed") this.#refresher.refreshSoon();
      return { kind: "failure", ...mapped };
    }
  }

  close(): void {
    this.#reader?.reader.close();
    this.#reader = undefined;
  }

  /** No index file: being built (rebuilding), could not be built, or never will be (autoIndex off). */
  #noIndex(doing: string, error: unknown): { failure: BackendFailure; status: string } {
    const code = errorCode(error);
    if (code !== "ENOENT") {
      return {
        failure: {
          kind: "failed",
          cause: "misconfigured",
          reason: `${doing}: index file cannot be read (${code})`,
        },
        status: code,
      };
    }
    if (this.#refresher.running) {
      return {
        failure: {
          kind: "rebuilding",
          retryAfterMs: rebuildingRetryMs,
          reason: `${doing}: the folder is being indexed`,
        },
        status: "indexing",
      };
    }
    const lastError = this.#refresher.lastError;
    if (lastError !== undefined) {
      const failure: BackendFailure = ConfigurationError.isInstance(lastError)
        ? { kind: "failed", cause: "misconfigured", reason: `${doing}: ${lastError.message}` }
        : { kind: "transient", reason: `${doing}: indexing failed (${errorCode(lastError)})` };
      return { failure, status: "index_failed" };
    }
    return {
      failure: {
        kind: "failed",
        cause: "misconfigured",
        reason: `${doing}: no index yet; run \`search-docs index ${this.#options.root}\``,
      },
      status: "no_index",
    };
  }
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : "error";
}
