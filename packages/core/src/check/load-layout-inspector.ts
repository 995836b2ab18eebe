import type { CheckTarget } from "./check-target.js";
import type { LayoutInspector } from "./layout-inspector.js";

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
