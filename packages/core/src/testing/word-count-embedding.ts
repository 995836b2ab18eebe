/**
 * A toy embedding for tests of embedding rerankers, with no model: the vector of how often each
 * word of `vocabulary` occurs in the text (lower-cased, split on non-word characters). A query
 * embedded by hand as `[1, 0, …]` then ranks passages by the first word alone.
 */
export function wordCountEmbedding(vocabulary: readonly string[]): (text: string) => number[] {
  return (text) => {
    const words = text.toLowerCase().split(/\W+/);
    return vocabulary.map((word) => words.filter((token) => token === word).length);
  };
}
