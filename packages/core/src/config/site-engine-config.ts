import { localCaller } from "../folder/local-caller.js";
import type { EngineConfig } from "./engine-entry.js";

/**
 * A docs website as the folder engine's source (`--docs <url>`): crawled into the same kind of
 * index, one area named after the site's path (`docs`), refreshed (revalidated) on open.
 */
export function siteEngineConfig(
  url: string,
  environment: Readonly<Record<string, string | undefined>>,
): EngineConfig {
  return {
    engine: "folder",
    origin: url,
    caller: localCaller,
    async open() {
      const { siteAreaName, siteBackend, siteCollection } = await import("../folder/index.js");
      const backend = siteBackend({ url, environment: environment as NodeJS.ProcessEnv });
      return {
        backend,
        areas: { [siteAreaName(url)]: [siteCollection] },
        async refresh() {
          const summary = await backend.refresh();
          const skipped = Object.values(summary.skipped).reduce(
            (sum, count) => sum + (count ?? 0),
            0,
          );
          return `crawled ${url}: ${summary.pages} pages, ${summary.sections} sections, ${skipped} skipped in ${summary.durationMs} ms${summary.failed === undefined ? "" : ` — ${summary.failed}`} (index ${backend.indexPath})`;
        },
        async close() {
          backend.close();
        },
      };
    },
  };
}
