import { ModelReranker } from "./model-reranker.js";
import type { LexicalReranker, Reranker } from "./reranker.js";
import { UpstreamFusionReranker } from "./upstream-fusion-reranker.js";

const defaultLexical = new UpstreamFusionReranker();

/**
 * The cheap, synchronous order behind a reranker: the paging decision asks it after every page,
 * and a reranker that fails falls back to it. A model reranker's own lexical order; the default
 * reranker for any other (it may be remote, and is never asked while paging).
 */
export function lexicalRerankerOf(reranker: Reranker): LexicalReranker {
  if (reranker instanceof UpstreamFusionReranker) return reranker;
  if (reranker instanceof ModelReranker) return reranker.lexical;
  return defaultLexical;
}
