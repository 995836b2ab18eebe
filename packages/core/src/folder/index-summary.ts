import type { SkipReason } from "./walk-folder.js";

/** What one indexing run did; the CLI prints it, the backend keeps the last one. */
export interface IndexSummary extends FillCounts {
  root: string;
  indexPath: string;
  /** Documents (files) in the index after the run. */
  files: number;
  /** Sections in the index after the run. */
  sections: number;
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

/** The counts one run adds up while it fills the index. */
export interface FillCounts {
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
}

export function emptyCounts(): FillCounts {
  return {
    indexed: 0,
    unchanged: 0,
    removed: 0,
    skipped: {},
    invalidUtf8: 0,
    changedWhileReading: 0,
  };
}

export function countSkip(counts: FillCounts, reason: SkipReason): void {
  counts.skipped[reason] = (counts.skipped[reason] ?? 0) + 1;
}
