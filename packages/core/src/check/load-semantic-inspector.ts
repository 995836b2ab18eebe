import type { Caller } from "../contract/caller.js";
import type { CheckTarget } from "./check-target.js";
import type { SemanticFinding, SemanticInspector } from "./semantic-finding.js";

/**
 * The semantic inspection of the chosen engine, loaded only when its semantic option is set:
 * without one, searches are by words and `check` prints no semantic row.
 */
export async function loadSemanticInspector(
  target: CheckTarget,
): Promise<SemanticInspector | undefined> {
  switch (target.engine) {
    case "meilisearch":
      return target.semantic === undefined
        ? undefined
        : (await import("./meilisearch-embedder.js")).meilisearchEmbedderInspector({
            url: target.url,
            semantic: target.semantic,
          });
    case "typesense":
      return target.semantic === undefined
        ? undefined
        : (await import("./typesense-embedding-field.js")).typesenseEmbeddingFieldInspector({
            url: target.url,
            semantic: target.semantic,
          });
    case "elasticsearch":
    case "opensearch":
      return target.semantic === undefined
        ? undefined
        : (await import("./elasticsearch-vector-field.js")).elasticsearchVectorFieldInspector({
            engine: target.engine,
            url: target.url,
            auth: target.auth,
            semantic: target.semantic,
          });
    case "postgres":
      return target.semantic === undefined
        ? undefined
        : (await import("./postgres-vector-column.js")).postgresVectorColumnInspector({
            connectionString: target.connectionString,
            table: target.table,
            semantic: target.semantic,
          });
    default:
      return undefined;
  }
}

/** The inspection's finding; an engine that could not be read is not a finding (the probe says why). */
export async function inspectSemantic(
  inspector: SemanticInspector | undefined,
  collectionId: string,
  caller: Caller,
): Promise<SemanticFinding | undefined> {
  if (inspector === undefined) return undefined;
  try {
    return await inspector.inspect(collectionId, caller);
  } catch (error) {
    return {
      state: "skip",
      detail: `settings not read (${(error as Error).message.split("\n")[0]})`,
    };
  }
}
