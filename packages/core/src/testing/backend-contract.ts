import type {
  BackendDocument,
  BackendHit,
  DocumentOutcome,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import type { Limits } from "../limits.js";
import { checkDocumentOutcome, checkPageOutcome } from "../session/check-outcome.js";
import {
  type ContractDocument,
  contractAbsentQuery,
  contractCommonWord,
  contractDocuments,
  contractReadDocumentKey,
  contractUniqueDocumentKey,
  contractUniqueWord,
} from "./contract-documents.js";
import { type TestAttempt, testAttempt } from "./test-attempt.js";

export { type ContractDocument, contractDocuments } from "./contract-documents.js";

/** What a backend's test hands the contract: the backend, loaded with `contractDocuments()`. */
export interface BackendContractFixture {
  backend: SearchBackend;
  /** Holds `contractDocuments()`, readable by `caller`. */
  collectionId: string;
  caller: Caller;
  /** The backend's documentId for each ContractDocument key (default: the key itself). */
  documentIds?: Readonly<Record<string, string>>;
  /** A collection id that does not exist / is not configured (must never be no_match). */
  missingCollectionId?: string;
  /** A collection `caller` may not read, where the engine has per-caller access. */
  forbiddenCollectionId?: string;
  /**
   * The engine answers one page only (a LangChain retriever, a top-k vector search): then a
   * query matching more than pageSize must come back as `pageSize` hits, `more: false`, no `next`.
   * Default false: such a query must say `more: true` and give a `next` that continues.
   */
  singlePage?: boolean;
  close?(): Promise<void>;
}

/** One check of the contract; `run` throws an Error saying what the backend did wrong. */
export interface BackendContractCheck {
  name: string;
  run(): Promise<void>;
}

/**
 * What every backend must do for core to rely on it: outcome kinds only of the types, empty and
 * failed never on one channel, bounded pages in score order, a continuation that continues,
 * documents read back as loaded, the signal honoured, and the caller's credential never kept or
 * echoed. `setup` is called once per check (memoize a slow engine yourself) and gets the
 * corpus to load; `close` is called after each check.
 *
 * ```ts
 * for (const check of backendContract(setup)) it(check.name, check.run);
 * ```
 */
export function backendContract(
  setup: (documents: readonly ContractDocument[]) => Promise<BackendContractFixture>,
): BackendContractCheck[] {
  const check = (name: string, body: (session: ContractSession) => Promise<void>) => ({
    name,
    run: async () => {
      const fixture = await setup(contractDocuments());
      const session = new ContractSession(fixture);
      try {
        await body(session);
      } catch (error) {
        // A failure message may quote what the backend said: never let it carry the credential.
        if (error instanceof Error) error.message = session.redact(error.message);
        throw error;
      } finally {
        await fixture.close?.();
      }
    },
  });
  return [
    check(
      "finds a word only one document holds, first on page one, as getDocument lists it",
      findsUniqueWord,
    ),
    check("never returns more hits than pageSize, best first, whatever it prefers", boundsPages),
    check("answers no_match when no document holds the words", answersNoMatch),
    check(
      "pages on: a query matching more than pageSize continues without repeating a hit",
      pagesOn,
    ),
    check("reads a document's sections in order, as loaded", readsDocument),
    check("answers not_found for a document that does not exist", answersNotFound),
    check("refuses a document over limits.documentSections: failed, too_large", boundsDocuments),
    check(
      "fails for a collection that does not exist: never no_match, never a page",
      failsMissingCollection,
    ),
    check("answers forbidden for a collection the caller may not read", answersForbidden),
    check("settles within a second of an already-aborted signal", settlesWhenAborted),
    check("settles within a second of the signal firing mid-attempt", settlesWhenAbortedMidAttempt),
    check("never keeps or echoes the caller's credential", keepsNoCredential),
    check(
      "hostile queries: a page or no_match, never a throw or a failure",
      toleratesHostileQueries,
    ),
  ];
}

// The time a well-behaved call may take in these checks; past it the backend ignored its signal.
const attemptTimeoutMs = 5000;
const settleAfterAbortMs = 1000;
const pageSizeForPaging = 2;
const maximumPagesWalked = 20;

const detailFields = new Set(["status", "bytes", "attributes"]);

/** The hostile queries: query syntaxes of the engines users run, injection, unicode, length. */
export const contractHostileQueries: readonly string[] = [
  '"key rotation" -draft',
  "a:b OR (c",
  "'; DROP TABLE x; --",
  "ünïcödé 日本語",
  "🔑 rotation",
  "key* AND NOT ro?ation~2 ^3",
  "[incident TO *]",
  "/.*/",
  "100% _match_ \\ %",
  '{"query":{"match_all":{}}}',
  "$where: 1 == 1",
  "<script>alert(1)</script>",
  "*",
  "-",
  "the of and",
  "incident ".repeat(125).slice(0, 1000),
];

class ContractSession {
  readonly fixture: BackendContractFixture;
  readonly #documents = new Map<string, BackendDocument>();

  constructor(fixture: BackendContractFixture) {
    this.fixture = fixture;
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

async function findsUniqueWord(session: ContractSession): Promise<void> {
  const expected = documentByKey(contractUniqueDocumentKey);
  const documentId = session.documentId(expected.key);
  const outcome = await session.search({ query: contractUniqueWord });
  if (outcome.kind !== "page") {
    throw new Error(
      `searching "${contractUniqueWord}" (a word of one section of "${expected.key}") answered ${describeOutcome(outcome)}, not a page.`,
    );
  }
  const first = outcome.hits[0];
  if (first === undefined || first.documentId !== documentId) {
    throw new Error(
      `searching "${contractUniqueWord}" should put "${documentId}" first; the page's documentIds are ${JSON.stringify(outcome.hits.map((hit) => hit.documentId))}.`,
    );
  }
  if (first.title !== expected.title) {
    throw new Error(
      `the hit's title is ${JSON.stringify(first.title)}, loaded as ${JSON.stringify(expected.title)}.`,
    );
  }
  if (first.snippet.trim() === "") throw new Error("the hit's snippet is empty.");
  await checkHitAgainstDocument(session, first, expected, contractUniqueWord);
}

async function boundsPages(session: ContractSession): Promise<void> {
  // checkPage holds every page to pageSize and to score order; these ask for small pages.
  for (const [pageSize, prefer] of [
    [1, undefined],
    [3, undefined],
    [20, "relevance"],
    [20, "recent"],
  ] as const) {
    const outcome = await session.search({
      query: contractCommonWord,
      pageSize,
      ...(prefer === undefined ? {} : { prefer }),
    });
    if (outcome.kind !== "page" || outcome.hits.length === 0) {
      throw new Error(
        `searching "${contractCommonWord}" (eight sections hold it) with pageSize ${pageSize}${prefer === undefined ? "" : `, prefer "${prefer}"`} answered ${describeOutcome(outcome)}, not a page of hits.`,
      );
    }
  }
}

async function answersNoMatch(session: ContractSession): Promise<void> {
  const outcome = await session.search({ query: contractAbsentQuery });
  if (outcome.kind !== "no_match") {
    throw new Error(
      `searching "${contractAbsentQuery}" (in no document) answered ${describeOutcome(outcome)}; nothing matched is { kind: "no_match" }.`,
    );
  }
}

async function pagesOn(session: ContractSession): Promise<void> {
  const first = await session.search({ query: contractCommonWord, pageSize: pageSizeForPaging });
  if (first.kind !== "page") {
    throw new Error(
      `searching "${contractCommonWord}" answered ${describeOutcome(first)}, not a page.`,
    );
  }
  if (session.fixture.singlePage === true) {
    if (first.more || first.next !== undefined || first.hits.length !== pageSizeForPaging) {
      throw new Error(
        `a single-page backend asked for ${pageSizeForPaging} hits of "${contractCommonWord}" (eight sections hold it) should answer exactly ${pageSizeForPaging} hits, more: false, no next; it answered ${first.hits.length} hits, more: ${first.more}, next: ${JSON.stringify(first.next)}.`,
      );
    }
    for (const hit of first.hits) await checkHitHoldsWord(session, hit, contractCommonWord);
    return;
  }
  if (!first.more || typeof first.next !== "string" || first.next === "") {
    throw new Error(
      `searching "${contractCommonWord}" (eight sections hold it) with pageSize ${pageSizeForPaging} should say more: true with a next; it said more: ${first.more}, next: ${JSON.stringify(first.next)}.`,
    );
  }
  const seen = new Set<string>();
  const note = (hits: readonly BackendHit[], page: number) => {
    for (const hit of hits) {
      const pair = JSON.stringify([hit.documentId, hit.section ?? ""]);
      if (seen.has(pair)) {
        throw new Error(
          `page ${page} repeats ${pair} (document, section), a hit of an earlier page: the continuation does not continue.`,
        );
      }
      seen.add(pair);
    }
  };
  note(first.hits, 1);
  let page: PageOutcome = first;
  let pages = 1;
  while (page.kind === "page" && page.more) {
    if (pages >= maximumPagesWalked) {
      throw new Error(
        `past ${maximumPagesWalked} pages of ${pageSizeForPaging} the backend still says more: true.`,
      );
    }
    if (typeof page.next !== "string" || page.next === "") {
      throw new Error(`page ${pages} says more: true without a next.`);
    }
    page = await session.search({
      query: contractCommonWord,
      pageSize: pageSizeForPaging,
      continuation: page.next,
    });
    pages += 1;
    if (page.kind === "no_match") break;
    if (page.kind !== "page") {
      throw new Error(
        `following page ${pages - 1}'s next answered ${describeOutcome(page)}, not the next page.`,
      );
    }
    note(page.hits, pages);
  }
  // Every section holding the word must come on some page: a cursor that skips looks complete.
  const wanted = sectionsHolding(contractCommonWord);
  const found = new Map<string, Set<string>>();
  for (const pair of seen) {
    const [documentId, section] = JSON.parse(pair) as [string, string];
    const sections = found.get(documentId) ?? new Set();
    sections.add(section);
    found.set(documentId, sections);
  }
  for (const { document, position } of wanted) {
    const listed = await session.document(session.documentId(document.key));
    const sectionId = listed.sections[position]?.section;
    if (sectionId === undefined || !found.get(session.documentId(document.key))?.has(sectionId)) {
      throw new Error(
        `walking every page of "${contractCommonWord}" never brought section ${position + 1} ("${document.sections[position]?.heading}") of "${document.key}", which holds the word.`,
      );
    }
  }
}

async function readsDocument(session: ContractSession): Promise<void> {
  const expected = documentByKey(contractReadDocumentKey);
  const outcome = await session.read(session.documentId(expected.key));
  if (outcome.kind !== "document") {
    throw new Error(
      `getDocument of "${expected.key}" answered ${describeOutcome(outcome)}, not the document.`,
    );
  }
  const { document } = outcome;
  if (document.title !== expected.title) {
    throw new Error(
      `its title is ${JSON.stringify(document.title)}, loaded as ${JSON.stringify(expected.title)}.`,
    );
  }
  if (document.slug !== expected.slug) {
    throw new Error(
      `its slug is ${JSON.stringify(document.slug)}, loaded as ${JSON.stringify(expected.slug)}.`,
    );
  }
  if (document.updated?.slice(0, 10) !== expected.updated) {
    throw new Error(
      `its updated is ${JSON.stringify(document.updated)}, loaded as ${JSON.stringify(expected.updated)}.`,
    );
  }
  if (document.sections.length !== expected.sections.length) {
    throw new Error(
      `it has ${document.sections.length} sections, loaded with ${expected.sections.length}.`,
    );
  }
  const ids = new Set<string>();
  for (const [position, section] of document.sections.entries()) {
    const loaded = expected.sections[position];
    if (loaded === undefined) continue;
    if (section.heading !== loaded.heading || normalize(section.text) !== normalize(loaded.body)) {
      throw new Error(
        `its section ${position + 1} is ${JSON.stringify({ heading: section.heading, text: section.text })}; loaded as ${JSON.stringify({ heading: loaded.heading, text: loaded.body })} (sections in order, as loaded).`,
      );
    }
    if (ids.has(section.section))
      throw new Error(`two sections share the section id ${JSON.stringify(section.section)}.`);
    ids.add(section.section);
  }
  // Section ids as hits name them: a hit of a word of one section names that section.
  const word = "fourteen";
  const hits = await session.search({ query: word });
  const hit =
    hits.kind === "page"
      ? hits.hits.find((each) => each.documentId === session.documentId(expected.key))
      : undefined;
  if (hit === undefined) {
    throw new Error(
      `searching "${word}" (in section 4 of "${expected.key}") did not find "${expected.key}": ${describeOutcome(hits)}.`,
    );
  }
  if (hit.section !== document.sections[3]?.section) {
    throw new Error(
      `searching "${word}" (in section 4 of "${expected.key}") named section ${JSON.stringify(hit.section)}; getDocument lists section 4 as ${JSON.stringify(document.sections[3]?.section)}.`,
    );
  }
}

async function answersNotFound(session: ContractSession): Promise<void> {
  const outcome = await session.read("no-such-document-7f3a9c");
  if (outcome.kind !== "not_found") {
    throw new Error(
      `getDocument of a document that does not exist answered ${describeOutcome(outcome)}, not not_found.`,
    );
  }
}

async function boundsDocuments(session: ContractSession): Promise<void> {
  const expected = documentByKey(contractReadDocumentKey);
  const attempt = session.attempt({ limits: { documentSections: 2 } });
  const outcome = await session.read(session.documentId(expected.key), { attempt });
  if (outcome.kind !== "failed" || outcome.cause !== "too_large") {
    throw new Error(
      `getDocument of "${expected.key}" (4 sections) with limits.documentSections 2 answered ${describeOutcome(outcome)}, not { kind: "failed", cause: "too_large" }.`,
    );
  }
}

async function failsMissingCollection(session: ContractSession): Promise<void> {
  const collectionId = session.fixture.missingCollectionId;
  // Only where the fixture names one: some engines cannot tell a missing collection from an empty one.
  if (collectionId === undefined) return;
  const outcome = await session.search({ collectionId, query: contractUniqueWord });
  // forbidden is no answer either: core leaves a forbidden collection out, so the model would
  // read no_matches while the collection is gone.
  if (outcome.kind === "page" || outcome.kind === "no_match" || outcome.kind === "forbidden") {
    throw new Error(
      `searching collection ${JSON.stringify(collectionId)}, which does not exist, answered ${describeOutcome(outcome)}; a missing collection is a failure (e.g. failed, misconfigured), never an empty answer and never forbidden (left out, it reads as no_matches).`,
    );
  }
  const document = await session.read(session.documentId(contractReadDocumentKey), {
    collectionId,
  });
  if (document.kind === "document") {
    throw new Error(
      `getDocument in collection ${JSON.stringify(collectionId)}, which does not exist, answered a document.`,
    );
  }
}

async function answersForbidden(session: ContractSession): Promise<void> {
  const collectionId = session.fixture.forbiddenCollectionId;
  // Only where the engine has per-caller access.
  if (collectionId === undefined) return;
  const outcome = await session.search({ collectionId, query: contractUniqueWord });
  if (outcome.kind !== "forbidden") {
    throw new Error(
      `searching collection ${JSON.stringify(collectionId)}, which the caller may not read, answered ${describeOutcome(outcome)}, not forbidden.`,
    );
  }
  const document = await session.read(session.documentId(contractReadDocumentKey), {
    collectionId,
  });
  if (document.kind !== "forbidden" && document.kind !== "not_found") {
    throw new Error(
      `getDocument in collection ${JSON.stringify(collectionId)}, which the caller may not read, answered ${describeOutcome(document)}, not forbidden.`,
    );
  }
}

async function settlesWhenAborted(session: ContractSession): Promise<void> {
  const controller = new AbortController();
  controller.abort(new DOMException("The caller aborted.", "AbortError"));
  for (const [what, call] of abortableCalls(session)) {
    await settlesWithin(`${what} with an aborted signal`, () =>
      call(session.attempt({ signal: controller.signal })),
    );
  }
}

/** A search and a document read on the fixture's collection, as abort checks make them. */
function abortableCalls(
  session: ContractSession,
): Array<[string, (attempt: TestAttempt) => Promise<unknown>]> {
  const { backend, collectionId } = session.fixture;
  const request = {
    collectionId,
    query: contractCommonWord,
    pageSize: 20,
    continuation: undefined,
  };
  const documentRequest = { collectionId, documentId: session.documentId(contractReadDocumentKey) };
  return [
    ["searchPage", (attempt) => backend.searchPage(request, attempt)],
    ["getDocument", (attempt) => backend.getDocument(documentRequest, attempt)],
  ];
}

async function settlesWhenAbortedMidAttempt(session: ContractSession): Promise<void> {
  for (const [what, call] of abortableCalls(session)) {
    const controller = new AbortController();
    const attempt = session.attempt({ signal: controller.signal });
    // Settled either way at once, so an early rejection is never an unhandled one.
    const pending = Promise.resolve()
      .then(() => call(attempt))
      .then(
        () => undefined,
        () => undefined,
      );
    // Fire once the backend has started its work (after its first await, if it has one).
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort(new DOMException("The caller aborted.", "AbortError"));
    await settlesWithin(`${what} when the signal fired mid-attempt`, () => pending);
  }
}

async function keepsNoCredential(session: ContractSession): Promise<void> {
  const secrets = session.secrets();
  if (secrets.length === 0) {
    throw new Error(
      "the fixture's caller carries no credential of 6 characters or more, so the contract cannot look for it: give the caller a realistic token.",
    );
  }
  // Every call below is checked as it returns (ContractSession.record): what it said and
  // annotated holds no credential. Then the backend's own state is searched for it.
  const { fixture } = session;
  const first = await session.search({ query: contractCommonWord, pageSize: pageSizeForPaging });
  if (first.kind === "page" && first.next !== undefined) {
    await session.search({
      query: contractCommonWord,
      pageSize: pageSizeForPaging,
      continuation: first.next,
    });
  }
  await session.search({ query: contractUniqueWord });
  await session.search({ query: contractAbsentQuery });
  await session.read(session.documentId(contractReadDocumentKey));
  await session.read("no-such-document-7f3a9c");
  await session.read(session.documentId(contractReadDocumentKey), {
    attempt: session.attempt({ limits: { documentSections: 2 } }),
  });
  for (const collectionId of [fixture.missingCollectionId, fixture.forbiddenCollectionId]) {
    if (collectionId === undefined) continue;
    await session.search({ collectionId, query: contractUniqueWord });
    await session.read(session.documentId(contractReadDocumentKey), { collectionId });
  }
  const kept = findSecret(fixture.backend, secrets);
  if (kept !== undefined) {
    throw new Error(`after its calls the backend keeps the caller's credential in backend${kept}.`);
  }
}

async function toleratesHostileQueries(session: ContractSession): Promise<void> {
  for (const query of contractHostileQueries) {
    const outcome = await session.search({ query });
    if (outcome.kind !== "page" && outcome.kind !== "no_match") {
      throw new Error(
        `searching ${JSON.stringify(query.slice(0, 80))} answered ${describeOutcome(outcome)}: a query is text to search for, so it is a page or no_match.`,
      );
    }
  }
}

async function checkHitAgainstDocument(
  session: ContractSession,
  hit: BackendHit,
  expected: ContractDocument,
  word: string,
): Promise<void> {
  if (hit.slug !== undefined && hit.slug !== expected.slug) {
    throw new Error(
      `the hit's slug is ${JSON.stringify(hit.slug)}, loaded as ${JSON.stringify(expected.slug)}.`,
    );
  }
  if (hit.updated !== undefined && hit.updated.slice(0, 10) !== expected.updated) {
    throw new Error(
      `the hit's updated is ${JSON.stringify(hit.updated)}, loaded as ${JSON.stringify(expected.updated)}.`,
    );
  }
  await checkHitHoldsWord(session, hit, word);
}

/** The hit names a section getDocument lists, and that section (or its title) holds the word. */
async function checkHitHoldsWord(
  session: ContractSession,
  hit: BackendHit,
  word: string,
): Promise<void> {
  if (hit.section === undefined) {
    throw new Error(
      `the hit of "${hit.documentId}" names no section; hits are sections, named as getDocument lists them.`,
    );
  }
  const document = await session.document(hit.documentId);
  if (hit.title !== document.title) {
    throw new Error(
      `the hit of "${hit.documentId}" is titled ${JSON.stringify(hit.title)}; getDocument says ${JSON.stringify(document.title)}.`,
    );
  }
  const section = document.sections.find((each) => each.section === hit.section);
  if (section === undefined) {
    throw new Error(
      `the hit of "${hit.documentId}" names section ${JSON.stringify(hit.section)}; getDocument lists ${JSON.stringify(document.sections.map((each) => each.section))}.`,
    );
  }
  const holds = (text: string) => new RegExp(`\\b${word}\\b`, "i").test(text);
  if (!holds(section.text) && !holds(section.heading) && !holds(document.title)) {
    throw new Error(
      `the hit of "${hit.documentId}" names section ${JSON.stringify(hit.section)}, which does not hold "${word}".`,
    );
  }
}

/**
 * A page as core itself checks it before use (session/check-outcome.ts): what core would refuse
 * is a violation. Then what core cannot check for itself: pageSize, the order of scores, and
 * failure fields it would quietly drop.
 */
function checkPage(what: string, outcome: unknown, pageSize: number, limits: Limits): void {
  acceptedByCore(what, outcome, checkPageOutcome(outcome, limits));
  const value = outcome as PageOutcome;
  if (value.kind !== "page") {
    checkFailureFields(what, value);
    return;
  }
  if (value.hits.length > pageSize) {
    throw new Error(`${what}: ${value.hits.length} hits, more than the pageSize of ${pageSize}.`);
  }
  let previous = Number.POSITIVE_INFINITY;
  for (const [position, { score }] of value.hits.entries()) {
    if (score > previous) {
      throw new Error(
        `${what}: hit ${position + 1}: scores rise (${previous} then ${score}); hits come best first.`,
      );
    }
    previous = score;
  }
}

/** A document outcome as core checks it, then the failure fields core would quietly drop. */
function checkDocument(what: string, outcome: unknown, limits: Limits): void {
  acceptedByCore(what, outcome, checkDocumentOutcome(outcome, limits));
  const value = outcome as DocumentOutcome;
  if (value.kind !== "document") checkFailureFields(what, value);
}

function acceptedByCore(
  what: string,
  outcome: unknown,
  checked: PageOutcome | DocumentOutcome,
): void {
  const value = outcome as { kind?: unknown; cause?: unknown } | null;
  const kept =
    typeof value === "object" &&
    value !== null &&
    value.kind === checked.kind &&
    (checked.kind !== "failed" || value.cause === checked.cause);
  if (kept) return;
  const reason = "reason" in checked ? checked.reason : undefined;
  if (checked.kind === "failed" && checked.cause === "too_large") {
    throw new Error(
      `${what}: ${reason}: over limits.documentSections, answer { kind: "failed", cause: "too_large" } yourself.`,
    );
  }
  throw new Error(
    `${what}: core would refuse this answer (${reason ?? checked.kind}): ${describeOutcome(outcome)}`,
  );
}

function checkFailureFields(what: string, value: PageOutcome | DocumentOutcome): void {
  const fields = value as { kind: string; reason?: unknown; retryAfterMs?: unknown };
  if (fields.reason !== undefined && typeof fields.reason !== "string") {
    throw new Error(`${what}: a failure's reason must be a string or absent.`);
  }
  if (fields.retryAfterMs === undefined) return;
  if (!["rebuilding", "overloaded", "transient"].includes(fields.kind)) {
    throw new Error(
      `${what}: ${fields.kind} carries retryAfterMs; only rebuilding, overloaded and transient may.`,
    );
  }
  const wait = fields.retryAfterMs;
  if (typeof wait !== "number" || !Number.isFinite(wait) || wait < 0) {
    throw new Error(`${what}: retryAfterMs must be a finite number of milliseconds, at least 0.`);
  }
}

function checkDetails(what: string, details: unknown): void {
  const value = asRecord(`${what}: annotate`, details);
  for (const name of Object.keys(value)) {
    if (!detailFields.has(name)) {
      throw new Error(
        `${what}: annotate was given ${JSON.stringify(name)}; AttemptDetails holds status, bytes and attributes only.`,
      );
    }
  }
  if (
    value.status !== undefined &&
    typeof value.status !== "number" &&
    typeof value.status !== "string"
  ) {
    throw new Error(`${what}: annotate's status must be a number or a string.`);
  }
  if (
    value.bytes !== undefined &&
    (typeof value.bytes !== "number" || !Number.isFinite(value.bytes))
  ) {
    throw new Error(`${what}: annotate's bytes must be a finite number.`);
  }
  if (value.attributes !== undefined) {
    const attributes = asRecord(`${what}: annotate's attributes`, value.attributes);
    for (const [name, attribute] of Object.entries(attributes)) {
      if (typeof attribute !== "string" && typeof attribute !== "number") {
        throw new Error(
          `${what}: the attribute ${JSON.stringify(name)} must be a string or a number.`,
        );
      }
    }
  }
}

function asRecord(what: string, value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${what}: answered ${describeValue(value)}, not an object.`);
  }
  return value as Record<string, unknown>;
}

/** Runs a backend call: a throw, or no answer within the attempt's time, is a violation. */
async function settled<Value>(what: string, call: () => Promise<Value>): Promise<Value> {
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

/** Waits for a call to settle, either way, within a second. */
async function settlesWithin(what: string, call: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), settleAfterAbortMs);
  });
  try {
    const result = await Promise.race([
      Promise.resolve()
        .then(call)
        .then(
          () => "settled" as const,
          () => "settled" as const,
        ),
      late,
    ]);
    if (result === "late") {
      throw new Error(
        `${what} had not settled ${Date.now() - started} ms later: pass attempt.signal on and stop when it fires.`,
      );
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Where in `value`'s own enumerable state a secret sits (`.cache[2].headers`), if anywhere. */
function findSecret(value: unknown, secrets: readonly string[]): string | undefined {
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string, depth: number): string | undefined => {
    if (typeof node === "string")
      return secrets.some((secret) => node.includes(secret)) ? path : undefined;
    if (typeof node !== "object" || node === null || seen.has(node) || depth > 8) return undefined;
    seen.add(node);
    const entries: Array<[string, unknown]> = [];
    if (node instanceof Map) {
      for (const [key, entry] of node)
        entries.push([`.get(${describeValue(key)})`, entry], [`[key ${describeValue(key)}]`, key]);
    } else if (node instanceof Set) {
      for (const entry of node) entries.push(["[entry]", entry]);
    } else {
      for (const key of Object.keys(node)) {
        try {
          entries.push([`.${key}`, (node as Record<string, unknown>)[key]]);
        } catch {
          // A getter that throws holds nothing we can read.
        }
      }
    }
    for (const [step, entry] of entries) {
      if (secrets.some((secret) => step.includes(secret))) return `${path}[a key holding it]`;
      const found = walk(entry, `${path}${step}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(value, "", 0);
}

function documentByKey(key: string): ContractDocument {
  const document = contractDocuments().find((each) => each.key === key);
  if (document === undefined) throw new Error(`the contract corpus lost its document "${key}".`);
  return document;
}

function sectionsHolding(word: string): Array<{ document: ContractDocument; position: number }> {
  const pattern = new RegExp(`\\b${word}\\b`, "i");
  return contractDocuments().flatMap((document) =>
    document.sections.flatMap((section, position) =>
      pattern.test(section.heading) || pattern.test(section.body) ? [{ document, position }] : [],
    ),
  );
}

function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function describeRequest(request: PageRequest): string {
  return JSON.stringify({
    ...request,
    query: request.query.length > 60 ? `${request.query.slice(0, 60)}…` : request.query,
  });
}

function describeOutcome(outcome: unknown): string {
  const text = safeJson(outcome);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function describeValue(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return JSON.stringify(value.slice(0, 100));
  return String(value);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
