import { basename, extname } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { documentRows } from "./document-rows.js";
import type { ResolvedFolderOptions } from "./folder-options.js";
import {
  countSkip,
  emptyCounts,
  type FillCounts,
  type IndexProgress,
  type IndexRunOptions,
} from "./index-summary.js";
import { type Known, same, sameSkipped } from "./known-files.js";
import { parseDocument } from "./parse-document.js";
import { readDocsFile } from "./read-docs-file.js";
import type { SkipReason, WalkEvent } from "./walk-folder.js";

const filesPerTransaction = 500;
const filesPerYield = 64;
const progressEvery = 250;

/**
 * Brings the index being written up to the walk: files new or changed since `known` are read and
 * (re)indexed, unchanged ones kept as they are, gone ones removed; every bad file is skipped and
 * counted, never thrown.
 */
export async function fillIndex(
  database: DatabaseSync,
  events: readonly WalkEvent[],
  known: Known,
  options: ResolvedFolderOptions,
  { onProgress, signal }: IndexRunOptions,
): Promise<FillCounts> {
  const rows = documentRows(database);
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
  const progress = (): IndexProgress => ({
    seen: counts.indexed + counts.unchanged + skippedTotal,
    indexed: counts.indexed,
    unchanged: counts.unchanged,
    skipped: skippedTotal,
  });
  database.exec("BEGIN");
  for (const event of events) {
    steps++;
    if (event.kind === "skip") {
      countSkip(counts, event.reason);
      skippedTotal++;
      continue;
    }
    const { file } = event;
    seen.add(file.path);
    const skippedBefore = known.skipped.get(file.path);
    if (same(known.files.get(file.path), file)) {
      counts.unchanged++;
    } else if (sameSkipped(skippedBefore, file)) {
      countSkip(counts, skippedBefore?.reason as SkipReason);
      skippedTotal++;
    } else {
      const read = readDocsFile(file, options.maxFileBytes);
      if (known.files.has(file.path)) rows.remove(file.path);
      if (read.kind === "skip") {
        countSkip(counts, read.reason);
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
        if (read.changed) counts.changedWhileReading++;
        const document = parseDocument(text, basename(file.path, extname(file.path)), file.kind);
        rows.add({
          path: file.path,
          // Changed while read: recorded with an mtime no file has, so the next run reads it again.
          mtimeMs: read.changed ? -1 : read.stats.mtimeMs,
          size: read.stats.size,
          title: document.title,
          updated: document.updated ?? new Date(read.stats.mtimeMs).toISOString().slice(0, 10),
          sections: document.sections,
        });
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
    if (onProgress !== undefined && steps % progressEvery === 0) onProgress(progress());
  }
  for (const path of known.files.keys()) {
    if (!seen.has(path)) {
      rows.remove(path);
      counts.removed++;
    }
  }
  for (const path of known.skipped.keys()) {
    if (!seen.has(path)) forgetSkip.run(path);
  }
  database.exec("COMMIT");
  onProgress?.(progress());
  return counts;
}
