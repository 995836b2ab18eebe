import type {
  BackendAttempt,
  BackendFailure,
  BackendHit,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { bestPassage } from "../text/best-passage.js";
import { porterStem } from "../text/porter-stem.js";
import { queryWords } from "../text/query-words.js";
import { Bm25Index, type Bm25Parameters } from "./bm25-index.js";
import { tokenize } from "./tokenize.js";

/** One document of a memory collection; its sections are numbered by position from 1. */
export interface MemoryDocument {
  id: string;
  title: string;
  slug?: string;
  /** ISO 8601 date or date-time. */
  updated?: string;
  sections: readonly { heading: string; body: string }[];
}

/** The request a scripted failure is asked about: a search page or a document read. */
export type MemoryBackendRequest =
  | ({ operation: "search" } & PageRequest)
  | ({ operation: "document" } & DocumentRequest);

/**
 * What one collection's attempts meet before any search: one failure for every attempt, a queue
 * taken one per attempt (then answers as usual), or a function deciding per request.
 */
export type ScriptedFailure =
  | BackendFailure
  | readonly BackendFailure[]
  | ((request: MemoryBackendRequest) => BackendFailure | undefined);

export interface MemoryBackendOptions {
  /** Collection id → its documents. A collection id not here is misconfigured, never empty. */
  collections: Readonly<Record<string, readonly MemoryDocument[]>>;
  /** Names it in traces. Default "memory". */
  name?: string;
  /** Collection id → the failure its attempts meet (see ScriptedFailure). */
  failures?: Readonly<Record<string, ScriptedFailure>>;
  /**
   * Per-caller access: collection id → the tokens that may read it (a `{ token }` caller, or a
   * `Bearer` authorization header). A listed collection is `forbidden` to other callers; one not
   * listed is open to all. (Script `unauthorized` with `failures`.)
   */
  readers?: Readonly<Record<string, readonly string[]>>;
  /** Each attempt answers this many milliseconds late (the signal still ends it at once). */
  delayMs?: number;
  /** "until-aborted": attempts never answer, and reject when their signal fires. "forever": they ignore it too. */
  hang?: "until-aborted" | "forever";
  /** How much more a title word counts than a heading or body word. Default 2. */
  titleWeight?: number;
  /** BM25's parameters. Default k1 1.2, b 0.75. */
  ranking?: Bm25Parameters;
  /**
   * How words are reduced before they are compared: "porter" (default, as the folder's SQLite
   * FTS5 tokenizer: "rotating" finds "rotation") or "none" (the words as written).
   */
  stemming?: "porter" | "none";
}

interface SectionRecord {
  document: MemoryDocument;
  /** 0-based; the hit's `section` is this plus one. */
  position: number;
}

interface MemoryCollection {
  index: Bm25Index<SectionRecord>;
  documents: ReadonlyMap<string, MemoryDocument>;
}

const defaultRanking: Readonly<Bm25Parameters> = Object.freeze({ k1: 1.2, b: 0.75 });

/**
 * A backend over documents in memory, for tests and examples: BM25 over one record per section
 * (title weighted, heading and body), pages by offset, failures scripted per collection,
 * per-caller access, and latency or hanging that honour the attempt's signal.
 */
export function memoryBackend(options: MemoryBackendOptions): SearchBackend {
  const titleWeight = options.titleWeight ?? 2;
  if (!Number.isInteger(titleWeight) || titleWeight < 0) {
    throw new ConfigurationError({
      option: "titleWeight",
      message: "memoryBackend: titleWeight must be a whole number, 0 or more.",
    });
  }
  const delayMs = options.delayMs ?? 0;
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new ConfigurationError({
      option: "delayMs",
      message: "memoryBackend: delayMs must be a finite number, 0 or more.",
    });
  }
  const stemming = options.stemming ?? "porter";
  if (stemming !== "porter" && stemming !== "none") {
    throw new ConfigurationError({
      option: "stemming",
      message: 'memoryBackend: stemming must be "porter" or "none".',
    });
  }
  const termsOf = stemming === "porter" ? stemmedTerms : tokenize;
  const collections = new Map<string, MemoryCollection>();
  for (const [collectionId, documents] of Object.entries(options.collections)) {
    collections.set(
      collectionId,
      indexCollection(
        collectionId,
        documents,
        titleWeight,
        options.ranking ?? defaultRanking,
        termsOf,
      ),
    );
  }
  // Queues are copied: the backend takes from its own, never from the caller's array.
  const failures = new Map<string, ScriptedFailure>();
  for (const [collectionId, failure] of Object.entries(options.failures ?? {})) {
    failures.set(collectionId, Array.isArray(failure) ? [...failure] : failure);
  }
  const readers = options.readers;

  const refusal = (collectionId: string, caller: Caller): BackendFailure | undefined => {
    const allowed = readers?.[collectionId];
    if (allowed === undefined) return undefined;
    const token = callerToken(caller);
    return token !== undefined && allowed.includes(token)
      ? undefined
      : { kind: "forbidden", reason: `the caller may not read ${collectionId}` };
  };

  const scripted = (request: MemoryBackendRequest): BackendFailure | undefined => {
    const failure = failures.get(request.collectionId);
    if (failure === undefined) return undefined;
    if (typeof failure === "function") return failure(request);
    if (Array.isArray(failure)) return (failure as BackendFailure[]).shift();
    return failure as BackendFailure;
  };

  /** What every attempt goes through first: the wait, the script, the collection, access. */
  const begin = async (
    request: MemoryBackendRequest,
    attempt: BackendAttempt,
  ): Promise<BackendFailure | MemoryCollection> => {
    await wait(attempt.signal, delayMs, options.hang);
    const failure = scripted(request);
    if (failure !== undefined) return failure;
    const collection = collections.get(request.collectionId);
    if (collection === undefined) {
      return {
        kind: "failed",
        cause: "misconfigured",
        reason: `no collection ${request.collectionId} in this memory backend`,
      };
    }
    return refusal(request.collectionId, attempt.caller) ?? collection;
  };

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
      // The question's words as the folder asks FTS5 for them (common words out) and the
      // passage as the folder cuts it: dev set, issue 31, MRR@8 0.779 -> 0.828 (bench/README.md).
      const words = queryWords(request.query);
      const queryTerms = stemming === "porter" ? words.map(porterStem) : words;
      const ranked = collection.index
        .score(queryTerms)
        .sort(
          (left, right) =>
            right.score - left.score ||
            compareStrings(left.entry.document.id, right.entry.document.id) ||
            left.entry.position - right.entry.position,
        );
      if (ranked.length === 0) return { kind: "no_match" };
      const pageSize = Math.max(0, Math.min(request.pageSize, attempt.limits.pageItems));
      const end = offset + pageSize;
      const hits = ranked
        .slice(offset, end)
        .map(({ entry, score }) => toHit(entry, score, words, attempt.limits.passageChars));
      const more = end < ranked.length;
      return more ? { kind: "page", hits, more, next: String(end) } : { kind: "page", hits, more };
    },

    async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
      const collection = await begin({ operation: "document", ...request }, attempt);
      if ("kind" in collection) return collection;
      const document = collection.documents.get(request.documentId);
      if (document === undefined) return { kind: "not_found" };
      if (document.sections.length > attempt.limits.documentSections) {
        return {
          kind: "failed",
          cause: "too_large",
          reason: `${document.sections.length} sections, over limits.documentSections`,
        };
      }
      return {
        kind: "document",
        document: {
          title: document.title,
          ...(document.slug === undefined ? {} : { slug: document.slug }),
          ...(document.updated === undefined ? {} : { updated: document.updated }),
          sections: document.sections.map((section, position) => ({
            section: String(position + 1),
            heading: section.heading,
            text: section.body,
          })),
        },
      };
    },
  };
}

function indexCollection(
  collectionId: string,
  documents: readonly MemoryDocument[],
  titleWeight: number,
  ranking: Bm25Parameters,
  termsOf: (text: string) => string[],
): MemoryCollection {
  const byId = new Map<string, MemoryDocument>();
  for (const document of documents) {
    if (typeof document.id !== "string" || document.id === "") {
      throw new ConfigurationError({
        option: "collections",
        message: `memoryBackend: a document of ${collectionId} has no id.`,
      });
    }
    if (byId.has(document.id)) {
      throw new ConfigurationError({
        option: "collections",
        message: `memoryBackend: two documents of ${collectionId} share the id ${JSON.stringify(document.id)}.`,
      });
    }
    byId.set(document.id, document);
  }
  const records = documents.flatMap((document) => {
    // The title counts `titleWeight` times in every section's record: a title word finds the document.
    const titleTerms = termsOf(document.title);
    const weighted = Array.from({ length: titleWeight }, () => titleTerms).flat();
    return document.sections.map((section, position) => ({
      entry: { document, position },
      terms: [...weighted, ...termsOf(section.heading), ...termsOf(section.body)],
    }));
  });
  return { index: new Bm25Index(records, ranking), documents: byId };
}

/** The words of a text, stopwords out, each reduced to its Porter stem. */
function stemmedTerms(text: string): string[] {
  return tokenize(text).map(porterStem);
}

function toHit(
  record: SectionRecord,
  score: number,
  words: readonly string[],
  passageChars: number,
): BackendHit {
  const { document, position } = record;
  const body = document.sections[position]?.body ?? "";
  return {
    documentId: document.id,
    title: document.title,
    snippet: bestPassage(body, words, passageChars),
    score,
    section: String(position + 1),
    ...(document.slug === undefined ? {} : { slug: document.slug }),
    ...(document.updated === undefined ? {} : { updated: document.updated }),
  };
}

/** The caller's token: `{ token }`, or the `Bearer` value of an authorization header. */
function callerToken(caller: Caller): string | undefined {
  if ("token" in caller) return caller.token;
  for (const [name, value] of Object.entries(caller.headers)) {
    if (name.toLowerCase() === "authorization" && /^bearer /i.test(value))
      return value.slice(7).trim();
  }
  return undefined;
}

function parseOffset(continuation: string): number | undefined {
  return /^(0|[1-9]\d{0,8})$/.test(continuation) ? Number(continuation) : undefined;
}

/** Waits `delayMs` (or forever), ending early with the signal's reason unless told to ignore it. */
function wait(
  signal: AbortSignal,
  delayMs: number,
  hang: MemoryBackendOptions["hang"],
): Promise<void> {
  if (hang === "forever") return new Promise(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  if (hang === undefined && delayMs === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = hang === undefined ? setTimeout(done, delayMs) : undefined;
    function done() {
      signal.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", aborted, { once: true });
  });
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
