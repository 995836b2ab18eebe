import type { Caller } from "../contract/caller.js";
import type { CheckTarget } from "./check-target.js";
import type { LayoutFinding, LayoutInspector } from "./layout-inspector.js";

/** The chosen engine's layout inspection, its module (and `pg`) loaded only for that engine. */
export async function loadLayoutInspector(
  target: CheckTarget,
): Promise<LayoutInspector | undefined> {
  switch (target.engine) {
    case "postgres":
      return (await import("./postgres-columns.js")).postgresColumnsInspector(target);
    case "folder":
      return (await import("./folder-sample.js")).folderSampleInspector(target);
    case "typesense":
      return (await import("./typesense-schema.js")).typesenseSchemaInspector(target);
    case "meilisearch":
      return (await import("./meilisearch-settings.js")).meilisearchSettingsInspector(target);
    case "algolia":
      return (await import("./algolia-settings.js")).algoliaSettingsInspector(target);
    case "elasticsearch":
    case "opensearch":
      return (await import("./elasticsearch-mapping.js")).elasticsearchMappingInspector(target);
    default:
      return undefined;
  }
}

/** The inspection's finding; an engine that could not be read is a skip (the probe says why). */
export async function inspectLayout(
  inspector: LayoutInspector | undefined,
  collectionId: string,
  caller: Caller,
): Promise<LayoutFinding | undefined> {
  if (inspector === undefined) return undefined;
  try {
    return await inspector.inspect(collectionId, caller);
  } catch (error) {
    // The probe below says why the engine could not be read; the layout is then not known.
    return {
      state: "skip",
      detail: `settings not read (${(error as Error).message.split("\n")[0]})`,
    };
  }
}
