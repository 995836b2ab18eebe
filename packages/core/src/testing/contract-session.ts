import type {
  BackendDocument,
  DocumentOutcome,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import type { Limits } from "../limits.js";
import { describeOutcome, describeRequest, describeValue, safeJson } from "./contract-describe.js";
import { type ContractDocument, contractDocuments } from "./contract-documents.js";
import { checkDetails, checkDocument, checkPage } from "./contract-outcome-checks.js";
import { type TestAttempt, testAttempt } from "./test-attempt.js";

// One check's session with the backend under test: each call bounded in time, its answer and
// annotations checked as they return, the credential looked for in all of it.

/** What a backend's test hands the contract: the backend, loaded with `contractDocuments()`. */
export interface BackendContractFixture {
  backend: SearchBackend;
  /** Holds `contractDocuments()`, readable by `caller`. */
  collectionId: string;
  caller: Caller;
  /** The backend's documentId for each ContractDocument key (default: the key itself). */
  documentIds?: Readonly<Record<string, string>>;
  /**
   * A collection id that does not exist / is not configured (must never be no_match). Without
   * it the missing-collection check is skipped.
   */
  missingCollectionId?: string;
  /**
   * A collection `caller` may not read, where the engine has per-caller access. Without it the
   * forbidden check is skipped.
   */
  forbiddenCollectionId?: string;
  /**
   * The engine answers one page only (a LangChain retriever, a top-k vector search): then a
   * query matching more than pageSize must come back as `pageSize` hits, `more: false`, no `next`.
   * Default false: such a query must say `more: true` and give a `next` that continues.
   */
  singlePage?: boolean;
  /**
   * The engine's records are whole pages, their sections derived (PostgreSQL `rows: "pages"`,
   * Elasticsearch `records: "pages"`): a walk brings each page holding a word once, at a section
   * holding it, and a page past `limits.documentSections` reads as that many sections, the last
   * running to the page's end. Default false: every section holding a word is a hit of its own,
   * and such a document is `too_large`.
   */
  pageRecords?: boolean;
  close?(): Promise<void>;
}

// The time a well-behaved call may take in these checks; past it the backend ignored its signal.
export const attemptTimeoutMs = 5000;
export const settleAfterAbortMs = 1000;
export const pageSizeForPaging = 2;

/** Thrown after the runner's skip returned (node:test's `t.skip` does): the check stops, unfailed. */
export class CheckNotRun extends Error {
  override name = "CheckNotRun";
}

export class ContractSession {
  readonly fixture: BackendContractFixture;
  readonly #documents = new Map<string, BackendDocument>();
  readonly #skip: ((note?: string) => void) | undefined;

  constructor(fixture: BackendContractFixture, skip?: (note?: string) => void) {
    this.fixture = fixture;
    this.#skip = skip;
  }

  /**
   * Ends a check the fixture cannot exercise as skipped, never as passed: the runner's skip
   * (vitest's `ctx.skip` throws), then {@link CheckNotRun} to stop here where a runner's returns.
   * With no skip to call, the check fails saying what it needs.
   */
  skip(reason: string): never {
    if (this.#skip === undefined) {
      throw new Error(
        `${reason}: this check did not run, and the runner gave no skip to report it (vitest: it(check.name, check.run)).`,
      );
    }
    this.#skip(reason);
    throw new CheckNotRun(reason);
  }

  documentId(key: string): string {
    return this.fixture.documentIds?.[key] ?? key;
  }

  attempt(options: { signal?: AbortSignal; limits?: Partial<Limits> } = {}): TestAttempt {
    return testAttempt({ caller: this.fixture.caller, timeoutMs: attemptTimeoutMs, ...options });
  }

  async search(
    request: Partial<PageRequest> & { query: string },
    attempt: TestAttempt = this.attempt(),
  ): Promise<PageOutcome> {
    const full: PageRequest = {
      collectionId: this.fixture.collectionId,
      pageSize: 20,
      continuation: undefined,
      ...request,
    };
    const what = `searchPage(${describeRequest(full)})`;
    const outcome = await settled(what, () => this.fixture.backend.searchPage(full, attempt));
    this.record(what, outcome, attempt);
    checkPage(what, outcome, full.pageSize, attempt.limits);
    return outcome as PageOutcome;
  }

  async read(
    documentId: string,
    options: { collectionId?: string; attempt?: TestAttempt } = {},
  ): Promise<DocumentOutcome> {
    const attempt = options.attempt ?? this.attempt();
    const request = { collectionId: options.collectionId ?? this.fixture.collectionId, documentId };
    const what = `getDocument(${JSON.stringify(request)})`;
    const outcome = await settled(what, () => this.fixture.backend.getDocument(request, attempt));
    this.record(what, outcome, attempt);
    checkDocument(what, outcome, attempt.limits);
    return outcome as DocumentOutcome;
  }

  /** The document as getDocument reads it from the fixture's collection (read once). */
  async document(documentId: string): Promise<BackendDocument> {
    const known = this.#documents.get(documentId);
    if (known !== undefined) return known;
    const outcome = await this.read(documentId);
    if (outcome.kind !== "document") {
      throw new Error(
        `getDocument of ${JSON.stringify(documentId)}, a document the backend itself named, answered ${describeOutcome(outcome)} instead of the document.`,
      );
    }
    this.#documents.set(documentId, outcome.document);
    return outcome.document;
  }

  /** Checks what one call said and annotated: documented fields only, and never the credential. */
  record(what: string, outcome: unknown, attempt: TestAttempt): void {
    const said = [safeJson(outcome)];
    for (const detail of attempt.details) {
      checkDetails(what, detail);
      said.push(safeJson(detail));
    }
    for (const text of said) {
      if (this.secrets().some((secret) => text.includes(secret))) {
        throw new Error(
          `${what}: its answer or annotation holds the caller's credential: ${text.slice(0, 200)}`,
        );
      }
    }
  }

  /** The caller's credential values long enough to look for without false alarms. */
  secrets(): string[] {
    const caller = this.fixture.caller as { token?: unknown; headers?: unknown };
    const values: unknown[] =
      typeof caller.token === "string"
        ? [caller.token]
        : typeof caller.headers === "object" && caller.headers !== null
          ? Object.values(caller.headers)
          : [];
    return values.filter(
      (value): value is string => typeof value === "string" && value.trim().length >= 6,
    );
  }

  redact(text: string): string {
    let redacted = text;
    for (const secret of this.secrets())
      redacted = redacted.split(secret).join("[the caller's credential]");
    return redacted;
  }
}

/** Runs a backend call: a throw, or no answer within the attempt's time, is a violation. */
export async function settled<Value>(what: string, call: () => Promise<Value>): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${what} did not settle within ${(attemptTimeoutMs + settleAfterAbortMs) / 1000} s: honour attempt.signal.`,
          ),
        ),
      attemptTimeoutMs + settleAfterAbortMs,
    );
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(call)
        .catch((error: unknown) => {
          throw new Error(
            `${what} threw (${describeValue(error)}); a backend answers every failure as an outcome, it does not throw.`,
          );
        }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function documentByKey(key: string): ContractDocument {
  const document = contractDocuments().find((each) => each.key === key);
  if (document === undefined) throw new Error(`the contract corpus lost its document "${key}".`);
  return document;
}

export function sectionsHolding(
  word: string,
): Array<{ document: ContractDocument; position: number }> {
  const pattern = new RegExp(`\\b${word}\\b`, "i");
  return contractDocuments().flatMap((document) =>
    document.sections.flatMap((section, position) =>
      pattern.test(section.heading) || pattern.test(section.body) ? [{ document, position }] : [],
    ),
  );
}
