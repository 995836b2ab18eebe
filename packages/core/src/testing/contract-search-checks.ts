import type { BackendHit, PageOutcome } from "../backend/search-backend.js";
import { describeOutcome } from "./contract-describe.js";
import {
  type ContractDocument,
  contractAbsentQuery,
  contractCommonWord,
  contractUniqueDocumentKey,
  contractUniqueWord,
} from "./contract-documents.js";
import {
  type ContractSession,
  documentByKey,
  pageSizeForPaging,
  sectionsHolding,
} from "./contract-session.js";

// The contract's search checks: the right hit first, bounded pages, no_match, a continuation
// that continues, and queries of every engine's syntax read as text.

const maximumPagesWalked = 20;

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

export async function findsUniqueWord(session: ContractSession): Promise<void> {
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

export async function boundsPages(session: ContractSession): Promise<void> {
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

export async function answersNoMatch(session: ContractSession): Promise<void> {
  const outcome = await session.search({ query: contractAbsentQuery });
  if (outcome.kind !== "no_match") {
    throw new Error(
      `searching "${contractAbsentQuery}" (in no document) answered ${describeOutcome(outcome)}; nothing matched is { kind: "no_match" }.`,
    );
  }
}

export async function pagesOn(session: ContractSession): Promise<void> {
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
  const walked: BackendHit[] = [];
  const note = (hits: readonly BackendHit[], page: number) => {
    walked.push(...hits);
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
  if (session.fixture.pageRecords === true) {
    // A page is one hit, at a section holding the word: every page holding it, none missed.
    for (const hit of walked) await checkHitHoldsWord(session, hit, contractCommonWord);
    const pagesFound = new Set(walked.map((hit) => hit.documentId));
    for (const { document } of wanted) {
      if (!pagesFound.has(session.documentId(document.key))) {
        throw new Error(
          `walking every page of "${contractCommonWord}" never brought "${document.key}", a page that holds the word.`,
        );
      }
    }
    return;
  }
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

export async function toleratesHostileQueries(session: ContractSession): Promise<void> {
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
