import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
} from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ConfigurationError } from "../errors/configuration-error.js";
import {
  type FolderOptions,
  type ResolvedFolderOptions,
  resolveFolderOptions,
} from "./folder-options.js";
import { scopeTokens } from "./folder-scope.js";
import { indexSchemaVersion, schemaSql } from "./index-schema.js";
import { parseDocument } from "./parse-document.js";
import {
  type SkipReason,
  skipReasonOf,
  type WalkEvent,
  type WalkedFile,
  walkFolder,
} from "./walk-folder.js";

/** What one indexing run did; the CLI prints it, the backend keeps the last one. */
export interface IndexSummary {
  root: string;
  indexPath: string;
  /** Documents (files) in the index after the run. */
  files: number;
  /** Sections in the index after the run. */
  sections: number;
  /** Files read and (re)indexed by this run. */
  indexed: number;
  /** Files whose mtime and size had not changed: kept from the previous index without reading. */
  unchanged: number;
  /** Files gone from the folder since the previous index. */
  removed: number;
  /** Files (or folders) left out, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
  /** Files with bytes that are not UTF-8: indexed with U+FFFD in their place. */
  invalidUtf8: number;
  /** Files that changed while they were read: indexed as read, read again by the next run. */
  changedWhileReading: number;
  /** False when nothing changed: the previous index stays in place, untouched. */
  swapped: boolean;
  /** Why the previous index was not reused, when it was not. */
  rebuiltBecause?: string;
  indexBytes: number;
  durationMs: number;
}

export interface IndexProgress {
  /** Docs files found so far. */
  seen: number;
  indexed: number;
  unchanged: number;
  skipped: number;
}

export interface IndexRunOptions {
  /** Called every few hundred files; the CLI draws its progress line with it. */
  onProgress?: (progress: IndexProgress) => void;
  /** Stops the run; the previous index stays in place. */
  signal?: AbortSignal;
}

const filesPerTransaction = 500;
const filesPerYield = 64;
const progressEvery = 250;

/**
 * Builds or refreshes the index of a docs folder. The new index is written ASIDE (a temporary file
 * beside the index, starting from a copy of the previous one so unchanged files are not read
 * again) and renamed over the old one in one step: a search never sees a half-built index, and a
 * connection already open keeps reading the file it opened. Nothing in the folder makes it throw
 * (every bad file is skipped and counted); a root that is not a folder is a ConfigurationError.
 */
export function indexFolder(
  options: FolderOptions,
  run: IndexRunOptions = {},
): Promise<IndexSummary> {
  return buildIndex(resolveFolderOptions(options), run);
}

/** {@link indexFolder} on options already checked (the backend's). */
export async function buildIndex(
  resolved: ResolvedFolderOptions,
  run: IndexRunOptions = {},
): Promise<IndexSummary> {
  const started = performance.now();
  const { root, indexPath } = resolved;
  assertFolder(root);
  mkdirSync(dirname(indexPath), { recursive: true });
  removeAbandonedCopies(indexPath);
  // Walk first and compare with the index in place: a run that finds nothing changed touches no
  // file (a server refreshes every minute; copying a large index each time would be wasted I/O).
  const previous = readPrevious(indexPath, root);
  const events = await walk(resolved, run.signal);
  const known = previous.reusable ? previous.known : emptyKnown();
  const summary = (
    counts: FillCounts,
    totals: { files: number; sections: number },
    swapped: boolean,
  ) => ({
    root,
    indexPath,
    ...totals,
    ...counts,
    swapped,
    ...(previous.reusable ? {} : { rebuiltBecause: previous.reason }),
    indexBytes: statSync(indexPath).size,
    durationMs: Math.round(performance.now() - started),
  });
  if (previous.reusable && !changedSince(events, known)) {
    const counts = emptyCounts();
    for (const event of events) {
      if (event.kind === "skip") count(counts, event.reason);
      else if (known.files.has(event.file.path)) counts.unchanged++;
      else count(counts, known.skipped.get(event.file.path)?.reason as SkipReason);
    }
    return summary(counts, previous.totals, false);
  }
  const temporary = `${indexPath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  let database: DatabaseSync | undefined;
  try {
    if (previous.reusable) copyFileSync(indexPath, temporary);
    database = new DatabaseSync(temporary);
    // A temporary file: a crash loses it, never the index in place. So no journal, no syncs
    // while building; one fsync before the rename.
    database.exec(
      "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16000;",
    );
    if (!previous.reusable) {
      database.exec(schemaSql);
      setMeta(database, { schema: indexSchemaVersion, root });
    }
    const counts = await fill(database, events, known, resolved, run);
    const totals = database
      .prepare(
        "SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM sections) AS sections",
      )
      .get() as { files: number; sections: number };
    setMeta(database, {
      build: randomBytes(8).toString("hex"),
      built_at: new Date().toISOString(),
    });
    if (!previous.reusable) {
      database.exec("INSERT INTO sections_fts (sections_fts) VALUES ('optimize')");
    }
    database.close();
    database = undefined;
    const descriptor = openSync(temporary, "r+");
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, indexPath);
    return summary(counts, totals, true);
  } catch (error) {
    database?.close();
    rmSync(temporary, { force: true });
    throw error;
  }
}

interface FillCounts {
  indexed: number;
  unchanged: number;
  removed: number;
  skipped: Partial<Record<SkipReason, number>>;
  invalidUtf8: number;
  changedWhileReading: number;
}

/**
 * What the index in place holds: its files by (mtime, size), and the files it skipped when read by
 * (mtime, size, ctime) — ctime, so a file made readable (chmod) is read again.
 */
interface Known {
  files: Map<string, { mtimeMs: number; size: number }>;
  skipped: Map<string, { mtimeMs: number; size: number; ctimeMs: number; reason: string }>;
}

function emptyKnown(): Known {
  return { files: new Map(), skipped: new Map() };
}

function emptyCounts(): FillCounts {
  return {
    indexed: 0,
    unchanged: 0,
    removed: 0,
    skipped: {},
    invalidUtf8: 0,
    changedWhileReading: 0,
  };
}

function count(counts: FillCounts, reason: SkipReason): void {
  counts.skipped[reason] = (counts.skipped[reason] ?? 0) + 1;
}

const same = (
  before: { mtimeMs: number; size: number } | undefined,
  now: { mtimeMs: number; size: number },
) => before !== undefined && before.mtimeMs === now.mtimeMs && before.size === now.size;

const sameSkipped = (
  before: { mtimeMs: number; size: number; ctimeMs: number } | undefined,
  now: { mtimeMs: number; size: number; ctimeMs: number },
) => same(before, now) && before?.ctimeMs === now.ctimeMs;

/** Whether any file is new, changed or gone since the index in place was built. */
function changedSince(events: readonly WalkEvent[], known: Known): boolean {
  let present = 0;
  for (const event of events) {
    if (event.kind === "skip") continue;
    const { file } = event;
    if (same(known.files.get(file.path), file)) present++;
    else if (sameSkipped(known.skipped.get(file.path), file)) present++;
    else return true;
  }
  return present !== known.files.size + known.skipped.size;
}

/** The walk, with a turn for the event loop every few hundred entries. */
async function walk(
  options: ResolvedFolderOptions,
  signal: AbortSignal | undefined,
): Promise<WalkEvent[]> {
  const events: WalkEvent[] = [];
  for (const event of walkFolder(options.root, options)) {
    events.push(event);
    if (events.length % 256 === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw signal.reason;
    }
  }
  return events;
}

async function fill(
  database: DatabaseSync,
  events: readonly WalkEvent[],
  known: Known,
  options: ResolvedFolderOptions,
  { onProgress, signal }: IndexRunOptions,
): Promise<FillCounts> {
  const remove = removerFor(database);
  const insertFile = database.prepare(
    "INSERT INTO files (path, folder, mtime_ms, size, title, updated, sections) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertSection = database.prepare(
    "INSERT INTO sections (path, position, title, heading, body, scope) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const insertText = database.prepare(
    "INSERT INTO sections_fts (rowid, title, heading, body, scope) VALUES (?, ?, ?, ?, ?)",
  );
  // A file skipped when read (binary, too large, unreadable) is remembered with its (mtime, size,
  // ctime), so it is not read again until it changes; one that vanished is not remembered.
  const rememberSkip = database.prepare(
    "INSERT INTO skipped (path, mtime_ms, size, ctime_ms, reason) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET mtime_ms = excluded.mtime_ms, size = excluded.size, ctime_ms = excluded.ctime_ms, reason = excluded.reason",
  );
  const forgetSkip = database.prepare("DELETE FROM skipped WHERE path = ?");
  const counts = emptyCounts();
  const seen = new Set<string>();
  let skippedTotal = 0;
  let pending = 0;
  let steps = 0;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const lenient = new TextDecoder("utf-8");
  database.exec("BEGIN");
  for (const event of events) {
    steps++;
    if (event.kind === "skip") {
      count(counts, event.reason);
      skippedTotal++;
      continue;
    }
    const { file } = event;
    seen.add(file.path);
    const skippedBefore = known.skipped.get(file.path);
    if (same(known.files.get(file.path), file)) {
      counts.unchanged++;
    } else if (sameSkipped(skippedBefore, file)) {
      count(counts, skippedBefore?.reason as SkipReason);
      skippedTotal++;
    } else {
      const read = readDocsFile(file, options.maxFileBytes);
      if (known.files.has(file.path)) remove(file.path);
      if (read.kind === "skip") {
        count(counts, read.reason);
        skippedTotal++;
        if (read.reason !== "vanished") {
          rememberSkip.run(file.path, file.mtimeMs, file.size, file.ctimeMs, read.reason);
        } else if (skippedBefore !== undefined) {
          forgetSkip.run(file.path);
        }
      } else {
        if (skippedBefore !== undefined) forgetSkip.run(file.path);
        let text: string;
        try {
          text = decoder.decode(read.bytes);
        } catch {
          text = lenient.decode(read.bytes);
          counts.invalidUtf8++;
        }
        // Changed while read: recorded with an mtime no file has, so the next run reads it again.
        const mtimeMs = read.changed ? -1 : read.stats.mtimeMs;
        if (read.changed) counts.changedWhileReading++;
        const name = basename(file.path, extname(file.path));
        const document = parseDocument(text, name, file.kind);
        const updated = document.updated ?? new Date(read.stats.mtimeMs).toISOString().slice(0, 10);
        const folder = file.path.includes("/")
          ? file.path.slice(0, file.path.lastIndexOf("/"))
          : "";
        insertFile.run(
          file.path,
          folder,
          mtimeMs,
          read.stats.size,
          document.title,
          updated,
          document.sections.length,
        );
        const scope = scopeTokens(folder);
        for (const [index, section] of document.sections.entries()) {
          const { id } = insertSection.get(
            file.path,
            index + 1,
            document.title,
            section.heading,
            section.body,
            scope,
          ) as { id: number };
          insertText.run(id, document.title, section.heading, section.body, scope);
        }
        counts.indexed++;
        pending++;
      }
    }
    if (pending >= filesPerTransaction) {
      database.exec("COMMIT; BEGIN");
      pending = 0;
    }
    if (steps % filesPerYield === 0) {
      // Sync file reads and inserts: give timers and other calls a turn now and then.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) {
        database.exec("ROLLBACK");
        throw signal.reason;
      }
    }
    if (onProgress !== undefined && steps % progressEvery === 0) {
      onProgress({
        seen: counts.indexed + counts.unchanged + skippedTotal,
        indexed: counts.indexed,
        unchanged: counts.unchanged,
        skipped: skippedTotal,
      });
    }
  }
  for (const path of known.files.keys()) {
    if (!seen.has(path)) {
      remove(path);
      counts.removed++;
    }
  }
  for (const path of known.skipped.keys()) {
    if (!seen.has(path)) forgetSkip.run(path);
  }
  database.exec("COMMIT");
  onProgress?.({
    seen: counts.indexed + counts.unchanged + skippedTotal,
    indexed: counts.indexed,
    unchanged: counts.unchanged,
    skipped: skippedTotal,
  });
  return counts;
}

/** Deletes a file's rows, its full-text entries first (external content: FTS5 needs the old values). */
function removerFor(database: DatabaseSync): (path: string) => void {
  const forget = database.prepare(
    "INSERT INTO sections_fts (sections_fts, rowid, title, heading, body, scope) SELECT 'delete', id, title, heading, body, scope FROM sections WHERE path = ?",
  );
  const deleteSections = database.prepare("DELETE FROM sections WHERE path = ?");
  const deleteFile = database.prepare("DELETE FROM files WHERE path = ?");
  return (path) => {
    forget.run(path);
    deleteSections.run(path);
    deleteFile.run(path);
  };
}

type ReadResult =
  | { kind: "read"; bytes: Uint8Array; stats: Stats; changed: boolean }
  | { kind: "skip"; reason: SkipReason };

/**
 * One file's bytes, within `maxFileBytes`, from one open descriptor (what is measured is what is
 * read). Non-blocking open: a FIFO swapped in since the walk cannot hang the run.
 */
function readDocsFile(file: WalkedFile, maxFileBytes: number): ReadResult {
  if (file.size > maxFileBytes) return { kind: "skip", reason: "too_large" };
  let descriptor: number;
  try {
    descriptor = openSync(file.absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { kind: "skip", reason: skipReasonOf(error) };
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return { kind: "skip", reason: "not_a_file" };
    if (stats.size > maxFileBytes) return { kind: "skip", reason: "too_large" };
    const bytes = Buffer.allocUnsafe(stats.size);
    let length = 0;
    while (length < bytes.length) {
      const count = readSync(descriptor, bytes, length, bytes.length - length, length);
      if (count === 0) break;
      length += count;
    }
    const content = bytes.subarray(0, length);
    // A NUL byte never appears in text: an image, an archive, UTF-16.
    if (content.indexOf(0) !== -1) return { kind: "skip", reason: "binary" };
    const after = fstatSync(descriptor);
    const changed =
      after.mtimeMs !== stats.mtimeMs || after.size !== stats.size || length !== stats.size;
    return { kind: "read", bytes: content, stats, changed };
  } catch (error) {
    return { kind: "skip", reason: skipReasonOf(error) };
  } finally {
    closeSync(descriptor);
  }
}

/** The index in place, when it can be refreshed: what it holds; or why it must be rebuilt. */
function readPrevious(
  indexPath: string,
  root: string,
):
  | { reusable: true; known: Known; totals: { files: number; sections: number } }
  | { reusable: false; reason: string } {
  try {
    statSync(indexPath);
  } catch {
    return { reusable: false, reason: "no index yet" };
  }
  let database: DatabaseSync | undefined;
  try {
    database = new DatabaseSync(indexPath, { readOnly: true });
    const rows = database.prepare("SELECT key, value FROM meta").all() as {
      key: string;
      value: string;
    }[];
    const meta = new Map(rows.map((row) => [row.key, row.value]));
    if (meta.get("schema") !== indexSchemaVersion) {
      return { reusable: false, reason: "index format changed" };
    }
    if (meta.get("root") !== root) {
      return { reusable: false, reason: "index was built for another folder" };
    }
    const known = emptyKnown();
    for (const row of database.prepare("SELECT path, mtime_ms, size FROM files").all() as {
      path: string;
      mtime_ms: number;
      size: number;
    }[]) {
      known.files.set(row.path, { mtimeMs: row.mtime_ms, size: row.size });
    }
    for (const row of database
      .prepare("SELECT path, mtime_ms, size, ctime_ms, reason FROM skipped")
      .all() as {
      path: string;
      mtime_ms: number;
      size: number;
      ctime_ms: number;
      reason: string;
    }[]) {
      known.skipped.set(row.path, {
        mtimeMs: row.mtime_ms,
        size: row.size,
        ctimeMs: row.ctime_ms,
        reason: row.reason,
      });
    }
    const { sections } = database.prepare("SELECT count(*) AS sections FROM sections").get() as {
      sections: number;
    };
    return { reusable: true, known, totals: { files: known.files.size, sections } };
  } catch {
    return { reusable: false, reason: "previous index unreadable" };
  } finally {
    database?.close();
  }
}

// A copy older than this was left by a process that died mid-run (no run takes an hour).
const abandonedAfterMs = 60 * 60 * 1000;

/** Deletes temporary copies of this index that a killed process left beside it. */
function removeAbandonedCopies(indexPath: string): void {
  const prefix = `${basename(indexPath)}.`;
  try {
    for (const name of readdirSync(dirname(indexPath))) {
      if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
      const path = join(dirname(indexPath), name);
      if (Date.now() - statSync(path).mtimeMs > abandonedAfterMs) rmSync(path, { force: true });
    }
  } catch {
    // Best effort: a copy that cannot be listed or removed costs disk space, never a run.
  }
}

function setMeta(database: DatabaseSync, values: Record<string, string>): void {
  const upsert = database.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  for (const [key, value] of Object.entries(values)) upsert.run(key, value);
}

function assertFolder(root: string): void {
  let stats: Stats;
  try {
    stats = statSync(root);
  } catch {
    throw new ConfigurationError({
      option: "root",
      message: `folder: ${root} does not exist or cannot be read.`,
    });
  }
  if (!stats.isDirectory()) {
    throw new ConfigurationError({ option: "root", message: `folder: ${root} is not a folder.` });
  }
}
