import { ModelReranker, type ModelRerankerOptions } from "@search-docs/core";
import { type RerankingModel, rerank } from "ai";
import { type AiSdkCallSettings, takeCallSettings } from "./ai-sdk-call-settings.js";
import { modelName } from "./model-name.js";

export interface RerankingModelRerankerOptions
  extends Omit<ModelRerankerOptions, "name" | "order">,
    AiSdkCallSettings {
  /** Any AI SDK reranking model: Cohere, Amazon Bedrock, Together, ... or a gateway id. */
  model: RerankingModel;
  /** Names the model in the trace; default "ai-sdk rerank <provider>/<model id>". */
  name?: string;
}

/**
 * A search_docs reranker over the AI SDK's `rerank()`: the model reorders the lexical order's
 * shortlist (title and snippet of each), within the call's deadline; on failure or timeout the
 * lexical order stands, and the trace says so. Pass it as `createDocsSearch({ reranker })`.
 */
export function rerankingModelReranker({
  model,
  name,
  ...given
}: RerankingModelRerankerOptions): ModelReranker {
  const [settings, options] = takeCallSettings(given);
  return new ModelReranker({
    ...options,
    name: name ?? `ai-sdk rerank ${modelName(model)}`,
    order: async ({ query, documents, signal }) => {
      const { ranking } = await rerank({
        model,
        query,
        documents: [...documents],
        abortSignal: signal,
        ...settings,
      });
      return ranking.map((entry) => entry.originalIndex);
    },
  });
}
