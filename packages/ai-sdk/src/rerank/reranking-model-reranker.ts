import { ModelReranker, type ModelRerankerOptions } from "@search-docs/core";
import { type RerankingModel, rerank } from "ai";
import { modelName } from "./model-name.js";

export interface RerankingModelRerankerOptions
  extends Omit<ModelRerankerOptions, "name" | "order"> {
  /** Any AI SDK reranking model: Cohere, Amazon Bedrock, Together, ... or a gateway id. */
  model: RerankingModel;
  /** Retries inside the call's deadline; default 0: a failed rerank keeps the lexical order. */
  maxRetries?: number;
  providerOptions?: Parameters<typeof rerank>[0]["providerOptions"];
  headers?: Record<string, string>;
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
  maxRetries = 0,
  providerOptions,
  headers,
  name,
  ...options
}: RerankingModelRerankerOptions): ModelReranker {
  return new ModelReranker({
    ...options,
    name: name ?? `ai-sdk rerank ${modelName(model)}`,
    order: async ({ query, documents, signal }) => {
      const { ranking } = await rerank({
        model,
        query,
        documents: [...documents],
        abortSignal: signal,
        maxRetries,
        ...(providerOptions === undefined ? {} : { providerOptions }),
        ...(headers === undefined ? {} : { headers }),
      });
      return ranking.map((entry) => entry.originalIndex);
    },
  });
}
