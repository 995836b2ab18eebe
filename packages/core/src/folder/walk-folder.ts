import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { join, sep } from "node:path";

/** Why a file or folder was left out of the index; each counted in the index summary. */
export type SkipReason =
  | "symlink_outside_root"
  | "symlink_loop"
  | "duplicate"
  | "too_deep"
  | "too_many_files"
  | "too_large"
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
  stats: Stats;
}

export type WalkEvent =
  | { kind: "file"; file: WalkedFile }
  | { kind: "skip"; reason: SkipReason; path: string };

export interface WalkLimits {
  maxFiles: number;
  maxDepth: number;
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
  // Real folders first, folders reached through a symlink after them.
  const queue: { path: string; absolutePath: string; depth: number }[] = [
    { path: "", absolutePath: root, depth: 0 },
  ];
  const linked: typeof queue = [];
  let files = 0;
  while (queue.length > 0 || linked.length > 0) {
    const folder = (queue.length > 0 ? queue.shift() : linked.shift()) as (typeof queue)[number];
    let entries: Dirent[];
    try {
      entries = readdirSync(folder.absolutePath, { withFileTypes: true });
    } catch (error) {
      yield { kind: "skip", reason: skipReasonOf(error), path: folder.path || "." };
      continue;
    }
    // Sorted, so which of two paths to one file is indexed does not depend on the file system.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = folder.path === "" ? entry.name : `${folder.path}/${entry.name}`;
      const absolutePath = join(folder.absolutePath, entry.name);
      const isLink = entry.isSymbolicLink();
      if (!isLink && !entry.isDirectory() && !entry.isFile()) {
        if (docKind(entry.name) !== undefined) yield { kind: "skip", reason: "not_a_file", path };
        continue;
      }
      if (!isLink && entry.isFile() && docKind(entry.name) === undefined) continue;
      let stats: Stats;
      try {
        stats = statSync(absolutePath);
        if (isLink && !inside(realpathSync(absolutePath))) {
          yield { kind: "skip", reason: "symlink_outside_root", path };
          continue;
        }
      } catch (error) {
        // A broken symlink, a file removed since the listing, a folder we may not read.
        if (isLink || docKind(entry.name) !== undefined || entry.isDirectory()) {
          const reason = skipReasonOf(error);
          yield {
            kind: "skip",
            reason: isLink && reason === "vanished" ? "unreadable" : reason,
            path,
          };
        }
        continue;
      }
      if (stats.isDirectory()) {
        if (visited.has(identity(stats))) {
          yield { kind: "skip", reason: "symlink_loop", path };
          continue;
        }
        visited.add(identity(stats));
        if (folder.depth + 1 > limits.maxDepth) {
          yield { kind: "skip", reason: "too_deep", path };
          continue;
        }
        (isLink ? linked : queue).push({ path, absolutePath, depth: folder.depth + 1 });
        continue;
      }
      const kind = docKind(entry.name);
      if (kind === undefined) continue;
      if (!stats.isFile()) {
        yield { kind: "skip", reason: "not_a_file", path };
        continue;
      }
      if (visited.has(identity(stats))) {
        yield { kind: "skip", reason: "duplicate", path };
        continue;
      }
      visited.add(identity(stats));
      if (files >= limits.maxFiles) {
        yield { kind: "skip", reason: "too_many_files", path };
        continue;
      }
      files++;
      yield { kind: "file", file: { path, absolutePath, kind, stats } };
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
