import type { Caller } from "../contract/caller.js";
import type { Limits } from "../limits.js";

// The backend seam (DESIGN.md section 2). A backend makes ONE attempt and says what happened in
// the vocabulary below; core owns everything else — retries, backoff, Retry-After, the retry
// budget, the rebuild wait budget and its memory, the deadline, the in-flight bound, the walk and
// its page cap, rerank, refs, sanitizing, traces and spans. A backend never sleeps, never
// retries, and keeps no credential.

/** A search engine the tool can read: Elasticsearch, PostgreSQL, a folder, the v2 API, yours. */
export interface SearchBackend {
  readonly specificationVersion: "v1";
  /** Names it in traces and spans ("v2-http", "elasticsearch", "postgres", ...). */
  readonly name: string;
  /**
   * How the engine scores a hit, for the default reranker: "section-text" when each section is
   * scored on its own text alone, never its title, headings or the rest of its document (the v2
   * API's ranker); the rerank then adds what the document's other hits say. Undefined: the engine
   * scores whole records (title, headings and text), as search engines' section records do.
   */
  readonly scoring?: "section-text";
  /** One page of one collection, one attempt. */
  searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome>;
  /** One document's sections, in order, one attempt. */
  getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome>;
}

export interface PageRequest {
  /** A collection id of `areas`: a v2 collection id, an Elasticsearch index, a Postgres `collection_id`. */
  collectionId: string;
  /** The user's question, trimmed: text to search for, never an identifier or a query language. */
  query: string;
  /** Hits wanted on this page (20); an engine may return fewer, never more than `limits.pageItems`. */
  pageSize: number;
  /** The previous page's `next`, verbatim (a cursor, search_after + PIT, an offset); undefined on page one. */
  continuation: string | undefined;
  prefer?: "relevance" | "recent";
}

export interface DocumentRequest {
  collectionId: string;
  documentId: string;
}

/** What core hands a backend for one attempt. */
export interface BackendAttempt {
  /** The end user's credentials for this call: use them for this attempt only, never keep them. */
  readonly caller: Caller;
  /** Fires at the attempt's timeout, the call's deadline or the caller's abort. */
  readonly signal: AbortSignal;
  readonly limits: Readonly<Limits>;
  /** Milliseconds until `signal` fires, on core's clock: for engine-side timeouts (statement_timeout, ES `timeout`). */
  timeLeftMs(): number;
  /** What the engine said, for the trace row and the attempt's span (never a credential). */
  annotate(details: AttemptDetails): void;
}

export interface AttemptDetails {
  /** The engine's status for this attempt: an HTTP status, a SQLSTATE, "network", ... */
  status?: number | string;
  /** Bytes of the answer read, after decoding. */
  bytes?: number;
  /** Span attributes, after OpenTelemetry's conventions (`http.request.method`, `url.full`, `db.system.name`, ...). */
  attributes?: Record<string, string | number>;
  /**
   * A line for the trace's notes when the answer stands but is not whole (a crawl that skipped
   * pages): a support engineer reads why a page is missing. Once per collection and call.
   */
  note?: string;
}

/** One search hit: a section of a document, as the engine ranked it. */
export interface BackendHit {
  documentId: string;
  title: string;
  /** The passage: plain text or the engine's highlight; core sanitizes and cuts it. */
  snippet: string;
  /** Higher is better; derived from rank where the engine gives none. */
  score: number;
  /** ISO 8601 date or date-time. */
  updated?: string;
  slug?: string;
  /**
   * The document's own path under its collection (a folder's file without its extension, a
   * crawled page's URL path), when it has one: its ref carries the path whole in place of the
   * slug, so an agent can open what the ref names (DESIGN §5).
   */
  path?: string;
  /** The section's position or name within the document, as `getDocument` lists it. */
  section?: string;
  /**
   * The page's own address, with the section's anchor (`https://docs.example.com/install#steps`),
   * when the record carries one (DocSearch records, a crawled page, a URL column): the app's
   * `urls` link the ref there instead of under `portalUrl`. Only http(s) addresses are used.
   */
  url?: string;
}

/** One document, its sections in order. */
export interface BackendDocument {
  title: string;
  updated?: string;
  slug?: string;
  /** The page's own address (see `BackendHit.url`), when the record carries one. */
  url?: string;
  sections: readonly BackendSection[];
}

export interface BackendSection {
  /** As `BackendHit.section` names it. */
  section: string;
  heading: string;
  text: string;
  /** The section's own address, with its anchor, when the record carries one. */
  url?: string;
}

/**
 * Why an attempt brought no answer, in the vocabulary core retries and reports by:
 * - `rebuilding` — like v2's 409: waited within the collection's rebuild budget, remembered;
 * - `overloaded` — like v2's 429: backoff with full jitter, within the process-wide retry budget;
 * - `transient` — 5xx, timeout, reset, connection lost: backoff, bounded attempts;
 * - `forbidden` — never retried: omitted from a search, `no_access` for a document;
 * - `unauthorized` — never retried: `unavailable` for the model, a typed signal for the app;
 * - `stale_continuation` — the collection changed under the walk (an expired cursor or point in
 *   time): restart once from page one;
 * - `failed` — never retried: that collection is unavailable, the trace says why.
 */
export type BackendFailure = { reason?: string } & (
  | { kind: "rebuilding"; retryAfterMs?: number }
  | { kind: "overloaded"; retryAfterMs?: number }
  | { kind: "transient"; retryAfterMs?: number }
  | { kind: "forbidden" }
  | { kind: "unauthorized" }
  | { kind: "stale_continuation" }
  | { kind: "failed"; cause: FailedCause }
);

export type FailedCause = "malformed" | "too_large" | "redirect" | "rejected" | "misconfigured";

export type BackendFailureKind = BackendFailure["kind"];

export type PageOutcome =
  /** `more`: the engine has more hits past this page; `next` continues there. `version`: the collection's version, when the engine has one. */
  | { kind: "page"; hits: readonly BackendHit[]; next?: string; more: boolean; version?: string }
  /** Nothing matched: an ordinary answer, never a failure. */
  | { kind: "no_match" }
  | BackendFailure;

export type DocumentOutcome =
  | { kind: "document"; document: BackendDocument }
  | { kind: "not_found" }
  | BackendFailure;
