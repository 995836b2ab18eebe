import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { ConfigurationError } from "../errors/configuration-error.js";
import { defaultLimits } from "../limits.js";

export interface FolderOptions {
  /** The docs folder. Every `.md`, `.mdx` and `.txt` file under it is a document. */
  root: string;
  /**
   * Where the index lives. Default: `$XDG_CACHE_HOME/search-docs/<hash of root>.sqlite`
   * (`~/.cache/...` without XDG_CACHE_HOME): a cache, rebuilt from the folder whenever lost.
   */
  indexPath?: string;
  /**
   * Collection id → folder under `root` (searched with everything below it); "." is the whole
   * root. Default: each top-level folder is a collection named after it, and the files directly
   * at the root are the collection ".".
   */
  collections?: Readonly<Record<string, string>>;
  /** Files larger than this are skipped ("too_large"). Default 2 MiB. */
  maxFileBytes?: number;
  /** Files beyond this count are skipped ("too_many_files"). Default 100,000. */
  maxFiles?: number;
  /** Folders nested deeper than this below the root are skipped ("too_deep"). Default 32. */
  maxDepth?: number;
  /**
   * The longest ref get_document reads (`limits.refChars`, default 200). A ref names its file by
   * its whole path under the area, never cut: a file whose path would not fit is skipped
   * ("path_too_long"). Give the same value as the docs search's `limits.refChars`.
   */
  refChars?: number;
  /** Build or refresh the index when the backend is first used. Default true. */
  autoIndex?: boolean;
  /** The environment the default index path is read from. Default `process.env`. */
  environment?: NodeJS.ProcessEnv;
}

export interface ResolvedFolderOptions {
  root: string;
  indexPath: string;
  collections: ReadonlyMap<string, CollectionFolder> | undefined;
  maxFileBytes: number;
  maxFiles: number;
  maxDepth: number;
  refChars: number;
  autoIndex: boolean;
}

/** A collection's files: those in `folder` ("" = the root) and, when recursive, below it. */
export interface CollectionFolder {
  folder: string;
  recursive: boolean;
}

export const defaultFolderLimits = Object.freeze({
  maxFileBytes: 2 * 1024 * 1024,
  maxFiles: 100_000,
  maxDepth: 32,
});

/** Checks the options up front: a mistake here is a ConfigurationError naming the option. */
export function resolveFolderOptions(options: FolderOptions): ResolvedFolderOptions {
  if (typeof options?.root !== "string" || options.root.trim() === "") {
    throw new ConfigurationError({ option: "root", message: "folder: root must name a folder." });
  }
  const root = resolve(options.root);
  const environment = options.environment ?? process.env;
  const indexPath =
    options.indexPath === undefined
      ? defaultIndexPath(root, environment)
      : resolve(options.indexPath);
  return {
    root,
    indexPath,
    collections:
      options.collections === undefined ? undefined : resolveCollections(options.collections),
    maxFileBytes: positive("maxFileBytes", options.maxFileBytes, defaultFolderLimits.maxFileBytes),
    maxFiles: positive("maxFiles", options.maxFiles, defaultFolderLimits.maxFiles),
    maxDepth: positive("maxDepth", options.maxDepth, defaultFolderLimits.maxDepth),
    refChars: positive("refChars", options.refChars, defaultLimits.refChars),
    autoIndex: options.autoIndex ?? true,
  };
}

/** `$XDG_CACHE_HOME/search-docs/<sha-256 of the root, 16 hex>.sqlite`, else under `~/.cache`. */
export function defaultIndexPath(
  root: string,
  environment: NodeJS.ProcessEnv = process.env,
): string {
  const xdg = environment.XDG_CACHE_HOME;
  // The XDG spec: a relative XDG_CACHE_HOME is invalid and must be ignored.
  const cache = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), ".cache");
  return join(
    cache,
    "search-docs",
    `${createHash("sha256").update(resolve(root)).digest("hex").slice(0, 16)}.sqlite`,
  );
}

function resolveCollections(
  collections: Readonly<Record<string, string>>,
): ReadonlyMap<string, CollectionFolder> {
  const resolved = new Map<string, CollectionFolder>();
  for (const [id, folder] of Object.entries(collections)) {
    if (typeof folder !== "string") {
      throw new ConfigurationError({
        option: "collections",
        message: `folder: collections["${id}"] must be a folder under the root.`,
      });
    }
    const normalized = folder.replaceAll("\\", "/").replace(/^\.\/?|\/+$/g, "");
    if (normalized.split("/").some((part) => part === "..") || isAbsolute(folder)) {
      throw new ConfigurationError({
        option: "collections",
        message: `folder: collections["${id}"] must be a folder inside the root, not ${JSON.stringify(folder)}.`,
      });
    }
    resolved.set(id, { folder: normalized, recursive: true });
  }
  if (resolved.size === 0) {
    throw new ConfigurationError({
      option: "collections",
      message: "folder: collections must name at least one folder.",
    });
  }
  return resolved;
}

function positive(option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigurationError({
      option,
      message: `folder: ${option} must be a whole number of at least 1.`,
    });
  }
  return value;
}
