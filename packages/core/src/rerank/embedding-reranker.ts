import { cosineSimilarity } from "./cosine-similarity.js";
import { ModelReranker, type ModelRerankerOptions } from "./model-reranker.js";

/** The query's vector and one per shortlisted document, in their order. */
export interface Embeddings {
  query: readonly number[];
  documents: readonly (readonly number[])[];
}

export interface EmbeddingRerankerOptions extends Omit<ModelRerankerOptions, "order"> {
  embed(request: {
    query: string;
    documents: readonly string[];
    signal: AbortSignal;
  }): Promise<Embeddings>;
}

/**
 * A model reranker over embeddings: the shortlist ordered by the cosine of the query's vector
 * against each candidate's title + snippet vector (ties keep the lexical order). An embedding
 * model that returns the wrong number of vectors, or vectors of another size, fails the rerank,
 * and the lexical order stands.
 */
export function createEmbeddingReranker({
  embed,
  ...options
}: EmbeddingRerankerOptions): ModelReranker {
  return new ModelReranker({
    ...options,
    order: async ({ query, documents, signal }) => {
      const vectors = await embed({ query, documents, signal });
      if (vectors.documents.length !== documents.length) {
        throw new RangeError(
          `${vectors.documents.length} document vectors for ${documents.length} documents`,
        );
      }
      const similarity = vectors.documents.map((vector) => cosineSimilarity(vectors.query, vector));
      return similarity
        .map((value, index) => ({ value, index }))
        .sort((left, right) => right.value - left.value || left.index - right.index)
        .map(({ index }) => index);
    },
  });
}
