import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import {
  createEmbeddingReranker,
  type EmbeddingRerankerOptions,
  type ModelReranker,
} from "@search-docs/core";

export interface EmbeddingsRerankerOptions
  extends Omit<EmbeddingRerankerOptions, "name" | "embed"> {
  /** Names the embeddings in the trace; default "langchain <class name>". */
  name?: string;
}

/**
 * A search_docs reranker over any LangChain `Embeddings`: `embedQuery` for the query and
 * `embedDocuments` for the shortlist's title + snippet, at once, then the shortlist ordered by
 * cosine. It answers within the call's deadline; on failure or timeout the lexical order stands,
 * traced.
 */
export function embeddingsReranker(
  embeddings: EmbeddingsInterface,
  { name, ...options }: EmbeddingsRerankerOptions = {},
): ModelReranker {
  return createEmbeddingReranker({
    ...options,
    name: name ?? `langchain ${embeddings.constructor.name}`,
    embed: async ({ query, documents }) => {
      const [queryVector, documentVectors] = await Promise.all([
        embeddings.embedQuery(query),
        embeddings.embedDocuments([...documents]),
      ]);
      return { query: queryVector, documents: documentVectors };
    },
  });
}
