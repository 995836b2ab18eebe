import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { join, sep } from "node:path";
import { refPathFits } from "./ref-path-budget.js";

/** Why a file or folder was left out of the index; each counted in the index summary. */
export type SkipReason =
  | "symlink_outside_root"
  | "symlink_loop"
  | "duplicate"
  | "too_deep"
  | "too_many_files"
  | "too_large"
  | "path_too_long"
  | "binary"
  | "not_a_file"
  | "unreadable"
  | "vanished";

export const docExtensions: Readonly<Record<string, "markdown" | "text">> = Object.freeze({
  ".md": "markdown",
  ".mdx": "markdown",
  ".txt": "text",
});

export interface WalkedFile {
  /** POSIX path relative to the root, e.g. `guides/setup/install.md`. */
  path: string;
  absolutePath: string;
  kind: "markdown" | "text";
  /** As the walk saw them (the read checks again): a run compares these with the index. */
  mtimeMs: number;
  size: number;
  /** Changes with permissions too (chmod): a file skipped as unreadable is tried again then. */
  ctimeMs: number;
}

export type WalkEvent =
  | { kind: "file"; file: WalkedFile }
  | { kind: "skip"; reason: SkipReason; path: string };

export interface WalkLimits {
  maxFiles: number;
  maxDepth: number;
  /** A file whose ref (its path, whole) would be longer is skipped ("path_too_long"). */
  refChars: number;
}

/**
 * Every docs file under `root`, as a stream of events, never throwing for what a folder holds.
 * Symlinks are followed only where they lead inside the root, each real folder and file is
 * visited once (so a symlink loop ends, and real paths win because symlinked folders are walked
 * last), names starting with "." and `node_modules` are not walked, and depth and file count
 * are bounded. Synchronous by design: the caller yields to the event loop between events.
 */
export function* walkFolder(root: string, limits: WalkLimits): Generator<WalkEvent> {
  const realRoot = realpathSync(root);
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot + sep);
  const visited = new Set<string>();
  const identity = (stats: Stats) => `${stats.dev}:${stats.ino}`;
  visited.add(identity(statSync(realRoot)));
  // Real entries first; symlinks after the whole real tree, so a file or folder reached both ways
  // is indexed at its real path.
  const queue: { path: string; absolutePath: string; depth: number }[] = [
    { path: "", absolutePath: root, depth: 0 },
  ];
  const links: { path: string; absolutePath: string; name: string; depth: number }[] = [];
  let files = 0;
  // One entry (a real one, or a symlink once the real tree is done): its event, if any.
  const visit = (
    entry: { path: string; absolutePath: string; name: string; depth: number },
    isLink: boolean,
  ): WalkEvent | undefined => {
    const { path, absolutePath, name, depth } = entry;
    let stats: Stats;
    try {
      stats = statSync(absolutePath);
      if (isLink && !inside(realpathSync(absolutePath))) {
        return { kind: "skip", reason: "symlink_outside_root", path };
      }
    } catch (error) {
      // A broken symlink, a file removed since the listing, a folder we may not read.
      const reason = skipReasonOf(error);
      return {
        kind: "skip",
        reason: isLink && reason === "vanished" ? "unreadable" : reason,
        path,
      };
    }
    if (stats.isDirectory()) {
      if (visited.has(identity(stats))) return { kind: "skip", reason: "symlink_loop", path };
      visited.add(identity(stats));
      if (depth + 1 > limits.maxDepth) return { kind: "skip", reason: "too_deep", path };
      queue.push({ path, absolutePath, depth: depth + 1 });
      return undefined;
    }
    const kind = docKind(name);
    if (kind === undefined) return undefined;
    if (!stats.isFile()) return { kind: "skip", reason: "not_a_file", path };
    if (!refPathFits(path, limits.refChars)) return { kind: "skip", reason: "path_too_long", path };
    if (visited.has(identity(stats))) return { kind: "skip", reason: "duplicate", path };
    visited.add(identity(stats));
    if (files >= limits.maxFiles) return { kind: "skip", reason: "too_many_files", path };
    files++;
    return {
      kind: "file",
      file: {
        path,
        absolutePath,
        kind,
        mtimeMs: stats.mtimeMs,
        size: stats.size,
        ctimeMs: stats.ctimeMs,
      },
    };
  };
  while (queue.length > 0 || links.length > 0) {
    const folder = queue.shift();
    if (folder === undefined) {
      const link = links.shift() as (typeof links)[number];
      const event = visit(link, true);
      if (event !== undefined) yield event;
      continue;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(folder.absolutePath, { withFileTypes: true });
    } catch (error) {
      yield { kind: "skip", reason: skipReasonOf(error), path: folder.path || "." };
      continue;
    }
    // Sorted, so the index does not depend on the order the file system lists a folder in.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of entries) {
      const { name } = dirent;
      if (name.startsWith(".") || name === "node_modules") continue;
      const path = folder.path === "" ? name : `${folder.path}/${name}`;
      const entry = {
        path,
        absolutePath: join(folder.absolutePath, name),
        name,
        depth: folder.depth,
      };
      if (dirent.isSymbolicLink()) {
        links.push(entry);
        continue;
      }
      if (!dirent.isDirectory() && !dirent.isFile()) {
        // A FIFO, a socket, a device: never opened (reading a FIFO would wait forever).
        if (docKind(name) !== undefined) yield { kind: "skip", reason: "not_a_file", path };
        continue;
      }
      if (dirent.isFile() && docKind(name) === undefined) continue;
      const event = visit(entry, false);
      if (event !== undefined) yield event;
    }
  }
}

export function docKind(name: string): "markdown" | "text" | undefined {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? undefined : docExtensions[name.slice(dot).toLowerCase()];
}

/** ENOENT: gone since it was listed; anything else (EACCES, ELOOP, EIO): unreadable. */
export function skipReasonOf(error: unknown): SkipReason {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" ? "vanished" : code === "ELOOP" ? "symlink_loop" : "unreadable";
}
