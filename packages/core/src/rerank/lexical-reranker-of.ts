import { ModelReranker } from "./model-reranker.js";
import type { LexicalReranker, Reranker } from "./reranker.js";
import { UpstreamFusionReranker } from "./upstream-fusion-reranker.js";

const defaultLexical = new UpstreamFusionReranker();

/**
 * The cheap, synchronous order behind a reranker: the paging decision asks it after every page,
 * and a reranker that fails falls back to it. A model reranker's own lexical order when it was
 * given one; otherwise `fallback`, the backend's default (rerankerFor), for a model reranker and
 * any other (it may be remote, and is never asked while paging).
 */
export function lexicalRerankerOf(
  reranker: Reranker,
  fallback: LexicalReranker = defaultLexical,
): LexicalReranker {
  if (reranker instanceof UpstreamFusionReranker) return reranker;
  if (reranker instanceof ModelReranker) return reranker.lexical ?? fallback;
  return fallback;
}
