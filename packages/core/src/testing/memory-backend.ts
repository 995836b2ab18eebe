import type {
  BackendAttempt,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import { documentAnswer, sectionHit } from "./memory-backend-answers.js";
import { attemptGate } from "./memory-backend-gate.js";
import { indexCollections, rankSections } from "./memory-backend-index.js";
import { checkedMemoryOptions, type MemoryBackendOptions } from "./memory-backend-options.js";

export type {
  MemoryBackendOptions,
  MemoryBackendRequest,
  MemoryDocument,
  ScriptedFailure,
} from "./memory-backend-options.js";

/**
 * A backend over documents in memory, for tests and examples: BM25 over one record per section
 * (title weighted, heading and body), pages by offset, failures scripted per collection,
 * per-caller access, and latency or hanging that honour the attempt's signal.
 */
export function memoryBackend(options: MemoryBackendOptions): SearchBackend {
  const { ranking, delayMs } = checkedMemoryOptions(options);
  const collections = indexCollections(options.collections, ranking);
  const begin = attemptGate(options, delayMs, collections);

  return {
    specificationVersion: "v1",
    name: options.name ?? "memory",

    async searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome> {
      const collection = await begin({ operation: "search", ...request }, attempt);
      if ("kind" in collection) return collection;
      const offset = request.continuation === undefined ? 0 : parseOffset(request.continuation);
      if (offset === undefined) {
        return {
          kind: "failed",
          cause: "rejected",
          reason: "the continuation is not an offset this backend issued",
        };
      }
      const { words, ranked } = rankSections(collection, request.query, ranking);
      if (ranked.length === 0) return { kind: "no_match" };
      const pageSize = Math.max(0, Math.min(request.pageSize, attempt.limits.pageItems));
      const end = offset + pageSize;
      const hits = ranked
        .slice(offset, end)
        .map(({ entry, score }) => sectionHit(entry, score, words, attempt.limits.passageChars));
      const more = end < ranked.length;
      return more ? { kind: "page", hits, more, next: String(end) } : { kind: "page", hits, more };
    },

    async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
      const collection = await begin({ operation: "document", ...request }, attempt);
      if ("kind" in collection) return collection;
      const document = collection.documents.get(request.documentId);
      if (document === undefined) return { kind: "not_found" };
      return documentAnswer(document, attempt.limits.documentSections);
    },
  };
}

function parseOffset(continuation: string): number | undefined {
  return /^(0|[1-9]\d{0,8})$/.test(continuation) ? Number(continuation) : undefined;
}
