import type { DocumentInterface } from "@langchain/core/documents";
import type { BaseRetrieverInterface } from "@langchain/core/retrievers";
import {
  type BackendAttempt,
  type BackendDocument,
  type BackendFailure,
  type BackendHit,
  ConfigurationError,
  type DocumentOutcome,
  type DocumentRequest,
  type PageOutcome,
  type PageRequest,
  raceSignal,
  type SearchBackend,
} from "@search-docs/core";
import { pageOf, tooManySections } from "@search-docs/core/backend-kit";
import { classifyRetrieverError } from "./classify-retriever-error.js";

/** One retriever for every collection, or a retriever per collection id (undefined: not configured). */
export type RetrieverSource =
  | BaseRetrieverInterface
  | ((collectionId: string) => BaseRetrieverInterface | undefined);

export interface RetrieverBackendOptions {
  /** Names it in traces and spans. Default "langchain-retriever". */
  name?: string;
  /**
   * Where a retrieved document's id is read, as LangChain writes it: `Document.id` (vector
   * stores), then metadata `document_id`, `source` (document loaders: the file path or URL), `id`
   * — the first non-empty string or number (`defaultDocumentIdOrder`). A field name here reads
   * that metadata field only; a function, whatever you choose.
   */
  documentIdField?: string | ((document: DocumentInterface) => unknown);
  /** Metadata field of the title. Default "title"; a document without one is titled by its id. */
  titleField?: string;
  /** Metadata field of the slug. Default "slug". */
  slugField?: string;
  /** Metadata field of the section (a position or a name, as `getDocument` lists it). Default "section". */
  sectionField?: string;
  /** Metadata field of the last change (an ISO 8601 string or a Date). Default "updated_at". */
  updatedField?: string;
  /**
   * Metadata field of a similarity score, higher is better. Unset (the default), or when any
   * document lacks a finite number there, the score is derived from rank: 1 / (rank + 1).
   */
  scoreField?: string;
  /**
   * Reads one document's sections in order. A retriever cannot fetch by id, and searching for
   * an id would return part of a document as if it were all of it; so without this option
   * getDocument answers `failed` (`misconfigured`) and the trace says why. Resolve undefined
   * for a document that does not exist. What it throws is classified like the retriever's errors.
   */
  getDocument?: (
    request: DocumentRequest,
    options: { signal: AbortSignal },
  ) => Promise<BackendDocument | undefined>;
}

// A retriever's chunk can be pages long; core cuts a passage far shorter than this anyway.
const snippetChars = 2000;
/** Where the document id is read by default, first found wins: `Document.id`, then metadata fields. */
export const defaultDocumentIdOrder = Object.freeze([
  "Document.id",
  "metadata.document_id",
  "metadata.source",
  "metadata.id",
] as const);

/**
 * Any LangChain retriever (PGVector, Chroma, Pinecone, Elasticsearch and other vector stores, or
 * your own) as a backend: one page per search (`more: false`, at most pageSize documents, no
 * continuation), hits from each document's metadata fields named in options and its
 * pageContent as the snippet, its thrown errors classified by HTTP status (`retrieverStatusTable`),
 * everything else `transient`. The retriever reads with its own credentials, never the
 * caller's: use it where every caller may read all it returns.
 */
export function retrieverBackend(
  retriever: RetrieverSource,
  options: RetrieverBackendOptions = {},
): SearchBackend {
  if (typeof retriever !== "function" && typeof retriever?.invoke !== "function") {
    throw new ConfigurationError({
      option: "retriever",
      message:
        "retrieverBackend: retriever must be a LangChain retriever (with invoke) or a function from a collection id to one.",
    });
  }
  const resolve = (collectionId: string): BaseRetrieverInterface | undefined =>
    typeof retriever === "function" ? retriever(collectionId) : retriever;
  const { documentIdField } = options;
  const idSources: readonly string[] =
    typeof documentIdField === "string" ? [`metadata.${documentIdField}`] : defaultDocumentIdOrder;
  const idOf = (document: DocumentInterface): unknown => {
    if (typeof documentIdField === "function") return documentIdField(document);
    const metadata: Record<string, unknown> = document.metadata ?? {};
    return idSources
      .map((source) =>
        source === "Document.id" ? document.id : metadata[source.slice("metadata.".length)],
      )
      .find(isDocumentId);
  };
  const titleField = options.titleField ?? "title";
  const slugField = options.slugField ?? "slug";
  const sectionField = options.sectionField ?? "section";
  const updatedField = options.updatedField ?? "updated_at";
  const { scoreField, getDocument } = options;

  const toHits = (documents: readonly DocumentInterface[]): BackendHit[] | string => {
    const scores = documents.map((document) =>
      scoreField === undefined ? undefined : document.metadata?.[scoreField],
    );
    const scored = scores.every((score) => typeof score === "number" && Number.isFinite(score));
    const hits: BackendHit[] = [];
    for (const [rank, document] of documents.entries()) {
      const metadata: Record<string, unknown> = document.metadata ?? {};
      const documentId = idOf(document);
      if (!isDocumentId(documentId)) {
        return typeof documentIdField === "function"
          ? "documentIdField gave a retrieved document no id (a non-empty string or a number)"
          : `a retrieved document has no id: none of ${idSources.join(", ")}`;
      }
      const title = metadata[titleField];
      const slug = metadata[slugField];
      const section = metadata[sectionField];
      const updated = dateText(metadata[updatedField]);
      hits.push({
        documentId: String(documentId),
        title: typeof title === "string" && title !== "" ? title : String(documentId),
        snippet: String(document.pageContent ?? "").slice(0, snippetChars),
        score: scored ? (scores[rank] as number) : 1 / (rank + 1),
        ...(typeof slug === "string" && slug !== "" ? { slug } : {}),
        ...(typeof section === "string" || typeof section === "number"
          ? { section: String(section) }
          : {}),
        ...(updated === undefined ? {} : { updated }),
      });
    }
    // A score the retriever gave is its own order's promise; hold it to that (stable for ties).
    return scored ? hits.sort((left, right) => right.score - left.score) : hits;
  };

  return {
    specificationVersion: "v1",
    name: options.name ?? "langchain-retriever",

    async searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome> {
      if (request.continuation !== undefined) {
        // This backend never gives a next, so a continuation is not one it issued.
        return {
          kind: "failed",
          cause: "rejected",
          reason: "a retriever answers one page; it issued no continuation",
        };
      }
      const source = resolve(request.collectionId);
      if (source === undefined) {
        return {
          kind: "failed",
          cause: "misconfigured",
          reason: `no retriever for collection ${request.collectionId}`,
        };
      }
      const answer = await attemptOf(
        source.invoke(request.query, { signal: attempt.signal }),
        attempt,
      );
      if ("failure" in answer) return answer.failure;
      const documents: unknown = answer.value;
      if (!Array.isArray(documents)) {
        return {
          kind: "failed",
          cause: "malformed",
          reason: "the retriever answered something other than a list of documents",
        };
      }
      const pageSize = Math.max(1, Math.min(request.pageSize, attempt.limits.pageItems));
      const hits = toHits(documents as DocumentInterface[]);
      if (typeof hits === "string") return { kind: "failed", cause: "malformed", reason: hits };
      // A retriever answers its own k: the best pageSize are the page, and the only one.
      return pageOf(hits.slice(0, pageSize), {
        asked: pageSize,
        first: true,
        readHit: (hit) => hit,
        more: false,
      });
    },

    async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
      if (getDocument === undefined) {
        return {
          kind: "failed",
          cause: "misconfigured",
          reason:
            "a retriever cannot read a document by id: give retrieverBackend a getDocument option",
        };
      }
      if (typeof retriever === "function" && retriever(request.collectionId) === undefined) {
        return {
          kind: "failed",
          cause: "misconfigured",
          reason: `no retriever for collection ${request.collectionId}`,
        };
      }
      const answer = await attemptOf(getDocument(request, { signal: attempt.signal }), attempt);
      if ("failure" in answer) return answer.failure;
      const document = answer.value;
      if (document === undefined) return { kind: "not_found" };
      if (document.sections.length > attempt.limits.documentSections) {
        return tooManySections(attempt.limits.documentSections);
      }
      return { kind: "document", document };
    },
  };
}

/**
 * The retriever's (or loader's) answer, raced with the attempt's signal; what it throws,
 * classified. When the signal fired, its reason is rethrown: core reports the timeout or abort.
 */
async function attemptOf<Value>(
  work: Promise<Value>,
  attempt: BackendAttempt,
): Promise<{ value: Value } | { failure: BackendFailure }> {
  try {
    // What the work answers after the attempt was given up: nobody reads it.
    return { value: await raceSignal(work, attempt.signal, () => {}) };
  } catch (error) {
    if (attempt.signal.aborted) throw attempt.signal.reason;
    const { status, failure } = classifyRetrieverError(error);
    if (status !== undefined) attempt.annotate({ status });
    return { failure };
  }
}

function isDocumentId(value: unknown): value is string | number {
  return (
    (typeof value === "string" && value !== "") ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

function dateText(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  return undefined;
}
