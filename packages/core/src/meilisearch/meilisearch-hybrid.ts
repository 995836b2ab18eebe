import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { refuseOption } from "../backend-kit/backend-options.js";
import { isFailure } from "../backend-kit/malformed.js";
import {
  dimensionsOption,
  embedQuery,
  type QueryEmbed,
  queryEmbedOption,
} from "../backend-kit/query-vector.js";

// Meilisearch's semantic first stage: hybrid search with a named embedder of the index
// (https://www.meilisearch.com/docs/capabilities/hybrid_search/overview; the `hybrid` and
// `vector` parameters of https://www.meilisearch.com/docs/reference/api/search). The app names
// the embedder and the ratio; the model never does. An embedder the engine calls itself (OpenAI,
// Hugging Face, REST, Ollama) embeds `q` on the engine; a `userProvided` one cannot, so the app
// passes `embed` and the query's vector goes as `vector`. Everything else about the search —
// the caller's key or tenant token and its filters, offset paging, the page size — is unchanged.

export interface MeilisearchSemanticOptions {
  /** The embedder's name in the index's `embedders` setting. */
  embedder: string;
  /** 0 keyword only … 1 semantic only. Default Meilisearch's own, 0.5. */
  semanticRatio?: number;
  /**
   * The query's embedding, for a `userProvided` embedder (sent as `vector`); leave it out when
   * the engine embeds queries itself.
   */
  embed?: QueryEmbed;
  /** The embedder's dimensions: a vector of another length is refused before it is sent. */
  dimensions?: number;
}

/** The search body's semantic fields for one attempt, or what went wrong embedding the query. */
export type HybridFields = (
  query: string,
  attempt: BackendAttempt,
) => Promise<Record<string, unknown> | BackendFailure>;

const noFields: HybridFields = async () => ({});

/** The option checked; a function giving each search body's `hybrid` (and `vector`). */
export function meilisearchHybrid(
  backend: string,
  options: MeilisearchSemanticOptions | undefined,
): HybridFields {
  if (options === undefined) return noFields;
  const { embedder, semanticRatio } = options;
  if (typeof embedder !== "string" || embedder.trim() === "") {
    refuseOption(backend, "semantic.embedder", "semantic.embedder must name an embedder");
  }
  if (
    semanticRatio !== undefined &&
    (typeof semanticRatio !== "number" || !(semanticRatio >= 0 && semanticRatio <= 1))
  ) {
    refuseOption(
      backend,
      "semantic.semanticRatio",
      "semantic.semanticRatio must be a number from 0 to 1",
    );
  }
  const embed = queryEmbedOption(backend, "semantic.embed", options.embed);
  const dimensions = dimensionsOption(backend, "semantic.dimensions", options.dimensions);
  const hybrid = { embedder, ...(semanticRatio === undefined ? {} : { semanticRatio }) };
  return async (query, attempt) => {
    if (embed === undefined) return { hybrid };
    const vector = await embedQuery(embed, query, attempt, dimensions);
    if (isFailure(vector)) return vector;
    return { hybrid, vector };
  };
}
