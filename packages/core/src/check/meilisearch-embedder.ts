import type { MeilisearchSemanticOptions } from "../meilisearch/meilisearch-hybrid.js";
import { getJson, keyOf } from "./hosted-inspection.js";
import {
  countOf,
  dimensionsMismatch,
  dimensionsNote,
  type SemanticFinding,
  type SemanticInspector,
  settingsRefused,
  settingsUnread,
} from "./semantic-finding.js";

// Meilisearch's hybrid search names an embedder of the index's `embedders` setting. The setting
// is read with `GET /indexes/{index_uid}/settings/embedders` ("Get embedders",
// https://www.meilisearch.com/docs/reference/api/settings/get-embedders): an object of embedder
// name → `{ source, dimensions?, model?, … }`, `{}` when none. Sources: openAi, huggingFace,
// ollama, rest (the engine embeds the query itself), userProvided (it cannot: the app must send
// the query's `vector`,
// https://www.meilisearch.com/docs/capabilities/hybrid_search/how_to/search_with_user_provided_embeddings),
// and composite, whose `searchEmbedder` embeds queries. Reading it takes `settings.get`, which a
// search key lacks (403 invalid_api_key): then the probe's hybrid search is what speaks.

type Embedder = { source?: unknown; dimensions?: unknown; searchEmbedder?: { source?: unknown } };

const variable = "SEARCH_DOCS_MEILISEARCH_EMBEDDER (semantic.embedder in code)";

export function meilisearchEmbedderInspector(target: {
  url: string;
  semantic: MeilisearchSemanticOptions;
}): SemanticInspector {
  const base = target.url.replace(/\/+$/, "");
  const { embedder: name, embed, dimensions } = target.semantic;
  return {
    async inspect(collectionId, caller) {
      const url = `${base}/indexes/${encodeURIComponent(collectionId)}/settings/embedders`;
      const { status, body } = await getJson(url, {
        headers: { authorization: `Bearer ${keyOf(caller)}` },
      });
      if (status === 401 || status === 403)
        return settingsRefused(status, "embedders", "settings.get");
      if (status !== 200 || typeof body !== "object" || body === null || Array.isArray(body)) {
        return settingsUnread("embedders", status);
      }
      const embedders = body as Record<string, Embedder | undefined>;
      const found = embedders[name];
      if (found === undefined || found === null) return missing(collectionId, name, embedders);
      return judge(name, found, embed !== undefined, dimensions);
    },
  };
}

function missing(
  collectionId: string,
  name: string,
  embedders: Record<string, unknown>,
): SemanticFinding {
  const names = Object.keys(embedders);
  return {
    state: "fail",
    detail: `index ${collectionId} has no embedder "${name}" (its embedders: ${names.join(", ") || "none"})`,
    fix:
      names.length > 0
        ? `set ${variable} to one of ${names.join(", ")}`
        : `add an embedder to index ${collectionId}: PATCH /indexes/${collectionId}/settings/embedders {"${name}": {"source": …}} (https://www.meilisearch.com/docs/reference/api/settings/update-embedders)`,
  };
}

function judge(
  name: string,
  embedder: Embedder,
  appEmbeds: boolean,
  dimensions: number | undefined,
): SemanticFinding {
  const source = typeof embedder.source === "string" ? embedder.source : "openAi"; // its default
  const querySource =
    source === "composite" && typeof embedder.searchEmbedder?.source === "string"
      ? embedder.searchEmbedder.source
      : source;
  const engineDimensions = countOf(embedder.dimensions);
  const label = `embedder "${name}"`;
  const what = `${label} (${source}${dimensionsNote(engineDimensions)})`;
  if (querySource === "userProvided" && !appEmbeds) {
    return {
      state: "fail",
      detail: `${what} cannot embed the query, and no embed is configured`,
      fix: `give semantic.embed (app code: the query's vector from the model the documents' vectors came from, docs/semantic-search.md), or set ${variable} to an embedder that embeds queries itself (openAi, huggingFace, ollama, rest)`,
    };
  }
  const mismatch = dimensionsMismatch(dimensions, engineDimensions, label);
  if (mismatch !== undefined) return mismatch;
  return {
    state: "pass",
    detail: appEmbeds
      ? `${what}: the app's embed gives the query's vector`
      : `${what} embeds the query itself`,
  };
}
