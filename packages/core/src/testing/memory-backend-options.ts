import type { BackendFailure, DocumentRequest, PageRequest } from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import type { Bm25Parameters } from "./bm25-index.js";

/** One document of a memory collection; its sections are numbered by position from 1. */
export interface MemoryDocument {
  id: string;
  title: string;
  slug?: string;
  /** ISO 8601 date or date-time. */
  updated?: string;
  sections: readonly { heading: string; body: string }[];
}

/** The request a scripted failure is asked about: a search page or a document read. */
export type MemoryBackendRequest =
  | ({ operation: "search" } & PageRequest)
  | ({ operation: "document" } & DocumentRequest);

/**
 * What one collection's attempts meet before any search: one failure for every attempt, a queue
 * taken one per attempt (then answers as usual), or a function deciding per request.
 */
export type ScriptedFailure =
  | BackendFailure
  | readonly BackendFailure[]
  | ((request: MemoryBackendRequest) => BackendFailure | undefined);

export interface MemoryBackendOptions {
  /** Collection id → its documents. A collection id not here is misconfigured, never empty. */
  collections: Readonly<Record<string, readonly MemoryDocument[]>>;
  /** Names it in traces. Default "memory". */
  name?: string;
  /** Collection id → the failure its attempts meet (see ScriptedFailure). */
  failures?: Readonly<Record<string, ScriptedFailure>>;
  /**
   * Per-caller access: collection id → the tokens that may read it (a `{ token }` caller, or a
   * `Bearer` authorization header). A listed collection is `forbidden` to other callers; one not
   * listed is open to all. (Script `unauthorized` with `failures`.)
   */
  readers?: Readonly<Record<string, readonly string[]>>;
  /** Each attempt answers this many milliseconds late (the signal still ends it at once). */
  delayMs?: number;
  /** "until-aborted": attempts never answer, and reject when their signal fires. "forever": they ignore it too. */
  hang?: "until-aborted" | "forever";
  /** How much more a title word counts than a heading or body word. Default 2. */
  titleWeight?: number;
  /** BM25's parameters. Default k1 1.2, b 0.75. */
  ranking?: Bm25Parameters;
  /**
   * How words are reduced before they are compared: "porter" (default, as the folder's SQLite
   * FTS5 tokenizer: "rotating" finds "rotation") or "none" (the words as written).
   */
  stemming?: "porter" | "none";
}

/** How the memory backend ranks: the options' ranking part, defaults filled in and checked. */
export interface MemoryRanking {
  titleWeight: number;
  bm25: Bm25Parameters;
  stemming: "porter" | "none";
}

const defaultBm25: Readonly<Bm25Parameters> = Object.freeze({ k1: 1.2, b: 0.75 });

/**
 * The ranking options with their defaults, and the per-attempt delay in ms; a ConfigurationError
 * for a value it cannot use (checked in the options' order: titleWeight, delayMs, stemming).
 */
export function checkedMemoryOptions(options: MemoryBackendOptions): {
  ranking: MemoryRanking;
  delayMs: number;
} {
  const titleWeight = options.titleWeight ?? 2;
  if (!Number.isInteger(titleWeight) || titleWeight < 0) {
    throw new ConfigurationError({
      option: "titleWeight",
      message: "memoryBackend: titleWeight must be a whole number, 0 or more.",
    });
  }
  const delayMs = options.delayMs ?? 0;
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new ConfigurationError({
      option: "delayMs",
      message: "memoryBackend: delayMs must be a finite number, 0 or more.",
    });
  }
  const stemming = options.stemming ?? "porter";
  if (stemming !== "porter" && stemming !== "none") {
    throw new ConfigurationError({
      option: "stemming",
      message: 'memoryBackend: stemming must be "porter" or "none".',
    });
  }
  return { ranking: { titleWeight, bm25: options.ranking ?? defaultBm25, stemming }, delayMs };
}
