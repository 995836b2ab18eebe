import { mkdirSync, type Stats, statSync } from "node:fs";
import { dirname } from "node:path";
import { ConfigurationError } from "../errors/configuration-error.js";
import { fillIndex } from "./fill-index.js";
import {
  type FolderOptions,
  type ResolvedFolderOptions,
  resolveFolderOptions,
} from "./folder-options.js";
import {
  countSkip,
  emptyCounts,
  type FillCounts,
  type IndexRunOptions,
  type IndexSummary,
} from "./index-summary.js";
import { changedSince, emptyKnown, readPrevious } from "./known-files.js";
import { type SkipReason, type WalkEvent, walkFolder } from "./walk-folder.js";
import { removeAbandonedCopies, writeIndexAside } from "./write-index-aside.js";

/**
 * Builds or refreshes the index of a docs folder. The new index is written aside, starting from a
 * copy of the previous one so unchanged files are not read again, and swapped in in one step (see
 * write-index-aside.ts). Nothing in the folder makes it throw (every bad file is skipped and
 * counted); a root that is not a folder is a ConfigurationError.
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
      if (event.kind === "skip") countSkip(counts, event.reason);
      else if (known.files.has(event.file.path)) counts.unchanged++;
      else countSkip(counts, known.skipped.get(event.file.path)?.reason as SkipReason);
    }
    return summary(counts, previous.totals, false);
  }
  const { filled, totals } = await writeIndexAside(
    indexPath,
    { reuse: previous.reusable, meta: { root } },
    (database) => fillIndex(database, events, known, resolved, run),
  );
  return summary(filled, totals, true);
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
