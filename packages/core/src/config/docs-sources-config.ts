import { statSync } from "node:fs";
import { localCaller } from "../folder/local-caller.js";
import { refuse } from "./config-checks.js";
import type { EngineConfig } from "./engine-entry.js";

/**
 * Several docs sources, each an area: SEARCH_DOCS_FOLDER_PATH as a JSON object of area name →
 * folder or site URL (what `--area guides=https://… --area api=./api-docs` sets). Each folder
 * must exist now; each source keeps its own index, refreshed on open.
 */
export function docsSourcesConfig(
  text: string,
  setAs: string,
  environment: Readonly<Record<string, string | undefined>>,
): EngineConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(setAs, `${setAs} looks like JSON but is not: {"area": "folder or URL", ...}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return refuse(setAs, `${setAs} must be an object of area name → folder or URL`);
  }
  const sources: Record<string, string> = {};
  for (const [area, source] of Object.entries(parsed)) {
    if (typeof source !== "string" || source === "") {
      refuse(setAs, `${setAs}: area ${area} needs a folder or an http(s) URL`);
    }
    if (!/^https?:\/\//i.test(source) && !isFolder(source)) {
      refuse(setAs, `${setAs}: area ${area}'s ${source} is not a folder that can be read`);
    }
    sources[area] = source;
  }
  if (Object.keys(sources).length === 0) refuse(setAs, `${setAs} names no source`);
  return {
    engine: "folder",
    origin: Object.entries(sources)
      .map(([area, source]) => `${area}=${source}`)
      .join(", "),
    caller: localCaller,
    check: { engine: "folder", root: "", folders: folderSources(sources) },
    async open() {
      const { docsSourcesBackend } = await import("../folder/docs-sources.js");
      const backend = docsSourcesBackend(sources, {
        environment: environment as NodeJS.ProcessEnv,
      });
      return {
        backend,
        areas: backend.areas,
        async refresh() {
          // Each source on its own: one that fails is said, and the others still serve.
          const lines = await Promise.all(
            backend.sources.map(async ({ area, source, backend: one }) => {
              try {
                const summary = (await one.refresh()) as {
                  files?: number;
                  pages?: number;
                  sections: number;
                  durationMs: number;
                  failed?: string;
                };
                const count =
                  summary.pages === undefined
                    ? `${summary.files ?? 0} files`
                    : `${summary.pages} pages`;
                return `${area}: ${source}: ${count}, ${summary.sections} sections in ${summary.durationMs} ms${summary.failed === undefined ? "" : ` — ${summary.failed}`}`;
              } catch (error) {
                return `${area}: ${source}: not indexed: ${(error as Error).message}`;
              }
            }),
          );
          return lines.join("\n");
        },
        async close() {
          backend.close();
        },
      };
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The sources that are folders, by area (each area's collection id): `check` probes with a title. */
function folderSources(sources: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sources).filter(([, source]) => !/^https?:/i.test(source)),
  );
}
