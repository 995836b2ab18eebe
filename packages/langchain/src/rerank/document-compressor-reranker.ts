import { Document, type DocumentInterface } from "@langchain/core/documents";
import type { BaseDocumentCompressor } from "@langchain/core/retrievers/document_compressors";
import { ModelReranker, type ModelRerankerOptions } from "@search-docs/core";

export interface DocumentCompressorRerankerOptions
  extends Omit<ModelRerankerOptions, "name" | "order"> {
  /** Names the compressor in the trace; default "langchain <class name>". */
  name?: string;
}

// Where each document sat in the shortlist: compressors keep metadata on what they return.
const indexKey = "searchDocsShortlistIndex";

/**
 * A search_docs reranker over any LangChain `BaseDocumentCompressor` (CohereRerank, a
 * cross-encoder, an embeddings filter): the shortlist goes in as Documents (title + snippet), and
 * the order of what comes back is the new order; documents it drops follow in lexical order. It
 * answers within the call's deadline (a compressor takes no signal, so the call stops waiting
 * for it); on failure or timeout the lexical order stands, traced.
 */
export function documentCompressorReranker(
  compressor: BaseDocumentCompressor,
  { name, ...options }: DocumentCompressorRerankerOptions = {},
): ModelReranker {
  return new ModelReranker({
    ...options,
    name: name ?? `langchain ${compressor.constructor.name}`,
    order: async ({ query, documents }) => {
      const shortlist = documents.map(
        (pageContent, index) => new Document({ pageContent, metadata: { [indexKey]: index } }),
      );
      const compressed = await compressor.compressDocuments(shortlist, query);
      return compressed.map((document) => shortlistIndex(document, documents));
    },
  });
}

/** The metadata index when the compressor kept it, else the first document with that text. */
function shortlistIndex(document: DocumentInterface, documents: readonly string[]): number {
  const index = document.metadata?.[indexKey];
  return Number.isInteger(index) ? (index as number) : documents.indexOf(document.pageContent);
}
