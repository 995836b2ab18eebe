import { indexFolder } from "../folder/index-folder.js";
import type { IndexProgress, IndexSummary } from "../folder/index-summary.js";

export interface IndexCommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  environment: NodeJS.ProcessEnv;
  /** Draw a progress line on stderr (it is a terminal). */
  progress?: boolean;
}

/**
 * `search-docs index <folder>`: builds or refreshes the folder's index (where `--docs` searches
 * find it), with a progress line on a terminal and a summary: files, sections, skipped by
 * reason, time. Exit code 0; a folder that is not one is a ConfigurationError (one line, 2).
 */
export async function runIndexCommand(
  folder: string,
  { json }: { json: boolean },
  io: IndexCommandIo,
): Promise<number> {
  let drawn = false;
  const onProgress = io.progress
    ? (progress: IndexProgress) => {
        drawn = true;
        io.err(
          `\rindexing: ${progress.seen.toLocaleString("en-US")} files (${progress.indexed.toLocaleString("en-US")} read, ${progress.unchanged.toLocaleString("en-US")} unchanged, ${progress.skipped.toLocaleString("en-US")} skipped)`,
        );
      }
    : undefined;
  const summary = await indexFolder(
    { root: folder, environment: io.environment },
    onProgress ? { onProgress } : {},
  );
  if (drawn) io.err("\n");
  io.out(json ? `${JSON.stringify(summary, null, 2)}\n` : formatIndexSummary(summary));
  return 0;
}

/** The summary a person reads after `search-docs index`. */
export function formatIndexSummary(summary: IndexSummary): string {
  const count = (value: number) => value.toLocaleString("en-US");
  const skipped = Object.entries(summary.skipped).sort(([left], [right]) =>
    left < right ? -1 : 1,
  );
  const skippedTotal = skipped.reduce((total, [, value]) => total + (value ?? 0), 0);
  const lines = [
    `Indexed ${summary.root}`,
    `  files     ${count(summary.files)} (${count(summary.indexed)} read, ${count(summary.unchanged)} unchanged, ${count(summary.removed)} removed)`,
    `  sections  ${count(summary.sections)}`,
    `  skipped   ${count(skippedTotal)}${skipped.length > 0 ? `: ${skipped.map(([reason, value]) => `${reason} ${count(value ?? 0)}`).join(", ")}` : ""}`,
  ];
  if (summary.invalidUtf8 > 0) {
    lines.push(`  not UTF-8 ${count(summary.invalidUtf8)} (indexed with U+FFFD for the bad bytes)`);
  }
  if (summary.changedWhileReading > 0) {
    lines.push(
      `  changed   ${count(summary.changedWhileReading)} while read (read again next time)`,
    );
  }
  lines.push(
    `  time      ${(summary.durationMs / 1000).toFixed(2)} s${summary.swapped ? "" : " (nothing changed: index kept)"}`,
    `  index     ${summary.indexPath} (${(summary.indexBytes / 1024 / 1024).toFixed(1)} MiB)`,
  );
  return `${lines.join("\n")}\n`;
}
