import type { SearchBackend } from "../backend/search-backend.js";
import type { CheckTarget } from "../check/check-target.js";
import type { Caller } from "../contract/caller.js";

/** The engines the registry configures: `SEARCH_DOCS_BACKEND`'s values. */
export const engineNames = [
  "v2",
  "elasticsearch",
  "opensearch",
  "postgres",
  "folder",
  "algolia",
  "meilisearch",
  "typesense",
] as const;

export type EngineName = (typeof engineNames)[number];

/** One environment variable an engine reads. */
export interface EngineVariable {
  name: string;
  /** What it holds, for `--help`, the README and docs/configuration.md. */
  description: string;
  required?: boolean;
  /** A credential: read from the environment only (never a config file), never printed. */
  secret?: boolean;
  /** An older name still read when unambiguous. */
  alias?: string;
}

/**
 * Who calls: `one-user` (a CLI, an MCP server on the user's machine: the credential comes from
 * the environment) or `per-request` (a server: each request brings its user's credential, and a
 * process-wide one would give every user one scope).
 */
export type CallerMode = "one-user" | "per-request";

/** Reads one variable (environment, then config file, then its older name); "" when unset. */
export interface ReadValue {
  (name: string): string;
  /** The name the value was set under (the variable's own, or its older alias), for messages. */
  setAs(name: string): string;
  /** The whole environment, for what an engine reads that is not its own (XDG_CACHE_HOME). */
  readonly environment: Readonly<Record<string, string | undefined>>;
  /**
   * The text of the file SEARCH_DOCS_AREAS names (undefined: no such file). Only a Node reader
   * has it: an edge runtime reads no file, so there a path is refused rather than guessed at.
   */
  readonly readFile?: (path: string) => string | undefined;
}

/** An engine's settings, read and checked; nothing is loaded or connected yet. */
export interface EngineConfig {
  engine: EngineName;
  /** Where it searches, with no credential: printed on start. */
  origin: string;
  /** Area names → collection ids; undefined when the engine derives them (a folder). */
  areas?: Record<string, string[]>;
  portalUrl?: string;
  /** The credential a one-user process sends; undefined per request. */
  caller?: Caller;
  /** The variable that credential came from, to name when the engine refuses it (401). */
  credential?: string;
  /** What `search-docs check` reads of the engine's own settings (never printed). */
  check?: CheckTarget;
  /** Loads the engine's module (and `pg`, `node:sqlite`) only now. */
  open(): Promise<OpenedEngine>;
}

/** An engine loaded and ready to hand to createDocsSearch. */
export interface OpenedEngine {
  backend: SearchBackend;
  areas: Record<string, string[]>;
  /** Builds or refreshes a local index; a line saying what it did. Only the folder has one. */
  refresh?: () => Promise<string>;
  /** Releases pools and files. */
  close(): Promise<void>;
}

/**
 * What the registry says of an engine without reading it: its variables, for claims, messages,
 * `--help` and the docs. PostgreSQL's and the folder's stand apart from their readers, so a reader
 * that must not load Node built-ins (the edge one) can still name them and refuse them.
 */
export interface EngineDescription {
  engine: EngineName;
  /** The engine in words ("Typesense"). */
  label: string;
  /** Its own variables; the shared ones (SEARCH_DOCS_AREAS, ...) are listed apart. */
  variables: readonly EngineVariable[];
  /** Which shared variables it reads. */
  shared: readonly ("SEARCH_DOCS_AREAS" | "SEARCH_DOCS_PORTAL_URL" | "SEARCH_DOCS_TOKEN")[];
  /** What each call needs from the caller, in words. */
  callerNeeds: string;
  /** Reachable over fetch alone (edge runtimes): no Node built-ins, no driver. */
  overFetch: boolean;
}

/** One engine in the registry: its variables and how to read them. */
export interface EngineEntry extends EngineDescription {
  read(value: ReadValue, mode: CallerMode): EngineConfig;
}
