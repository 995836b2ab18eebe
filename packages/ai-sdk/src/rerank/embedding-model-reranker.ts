import {
  createEmbeddingReranker,
  type EmbeddingRerankerOptions,
  type ModelReranker,
} from "@search-docs/core";
import { type EmbeddingModel, embedMany } from "ai";
import { type AiSdkCallSettings, takeCallSettings } from "./ai-sdk-call-settings.js";
import { modelName } from "./model-name.js";

export interface EmbeddingModelRerankerOptions
  extends Omit<EmbeddingRerankerOptions, "name" | "embed">,
    AiSdkCallSettings {
  /** Any AI SDK embedding model, or a gateway id. */
  model: EmbeddingModel;
  /** Names the model in the trace; default "ai-sdk embedMany <provider>/<model id>". */
  name?: string;
}

/**
 * A search_docs reranker over the AI SDK's `embedMany()`: the shortlist ordered by the cosine of
 * the query's embedding against each candidate's title + snippet, in one `embedMany` call, within
 * the call's deadline; on failure or timeout the lexical order stands, traced.
 */
export function embeddingModelReranker({
  model,
  name,
  ...given
}: EmbeddingModelRerankerOptions): ModelReranker {
  const [settings, options] = takeCallSettings(given);
  return createEmbeddingReranker({
    ...options,
    name:
      name ??
      `ai-sdk embedMany ${modelName(model as string | { provider: string; modelId: string })}`,
    embed: async ({ query, documents, signal }) => {
      const { embeddings } = await embedMany({
        model,
        values: [query, ...documents],
        abortSignal: signal,
        ...settings,
      });
      const [queryVector = [], ...documentVectors] = embeddings;
      return { query: queryVector, documents: documentVectors };
    },
  });
}
