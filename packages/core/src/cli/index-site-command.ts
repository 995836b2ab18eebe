import { indexSite, type SiteIndexSummary } from "../site/index-site.js";
import type { IndexCommandIo } from "./index-command.js";

/**
 * `search-docs index <url>`: crawls a docs site into the index `--docs <url>` searches, with a
 * progress line on a terminal (discovered, fetched, skipped, bytes) and a summary table (`--json`
 * for machines). Exit code 0; 1 when no page could be read (the index then answers unavailable).
 */
export async function runSiteIndexCommand(
  url: string,
  { json }: { json: boolean },
  io: IndexCommandIo,
): Promise<number> {
  let drawn = false;
  const summary = await indexSite(
    { url, environment: io.environment },
    io.progress
      ? {
          onProgress: (progress) => {
            drawn = true;
            io.err(
              `\rcrawling: ${progress.discovered} discovered, ${progress.fetched} fetched, ${progress.skipped} skipped, ${(progress.bytes / 1024 / 1024).toFixed(1)} MiB`,
            );
          },
        }
      : {},
  );
  if (drawn) io.err("\n");
  io.out(json ? `${JSON.stringify(summary, null, 2)}\n` : formatSiteSummary(summary));
  return summary.failed === undefined ? 0 : 1;
}

/** The summary a person reads after `search-docs index <url>`. */
export function formatSiteSummary(summary: SiteIndexSummary): string {
  const skipped = Object.entries(summary.skipped).sort(([left], [right]) =>
    left < right ? -1 : 1,
  );
  const skippedTotal = skipped.reduce((total, [, value]) => total + (value ?? 0), 0);
  const lines = [
    `Crawled ${summary.url}`,
    `  pages       ${summary.pages} (${summary.indexed} read, ${summary.notModified} unchanged, ${summary.removed} removed, ${summary.kept} kept after a failure)`,
    `  sections    ${summary.sections}`,
    `  discovered  ${summary.discovered}`,
    `  skipped     ${skippedTotal}${skipped.length > 0 ? `: ${skipped.map(([reason, value]) => `${reason} ${value}`).join(", ")}` : ""}`,
    `  read        ${(summary.bytes / 1024 / 1024).toFixed(1)} MiB in ${(summary.durationMs / 1000).toFixed(2)} s`,
    `  index       ${summary.indexPath} (${(summary.indexBytes / 1024 / 1024).toFixed(1)} MiB)`,
  ];
  if (summary.failed !== undefined) lines.push(`  FAILED      ${summary.failed}`);
  return `${lines.join("\n")}\n`;
}
