import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { type SkipReason, skipReasonOf, type WalkedFile } from "./walk-folder.js";

export type ReadResult =
  | { kind: "read"; bytes: Uint8Array; stats: Stats; changed: boolean }
  | { kind: "skip"; reason: SkipReason };

/**
 * One file's bytes, within `maxFileBytes`, from one open descriptor (what is measured is what is
 * read). Non-blocking open: a FIFO swapped in since the walk cannot hang the run.
 */
export function readDocsFile(file: WalkedFile, maxFileBytes: number): ReadResult {
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
