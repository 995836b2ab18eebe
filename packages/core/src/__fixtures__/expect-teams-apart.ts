import { expect } from "vitest";
import type { SearchBackend } from "../backend/search-backend.js";
import { type TestAttempt, testAttempt } from "../testing/test-attempt.js";

const attempt = (token: string): TestAttempt => testAttempt({ caller: { token } });

/**
 * Two users on credentials minted per call (the hosted fixtures: alice → platform, bob → support)
 * see only their team's documents, and a page of the other team is not found for them.
 */
export async function expectTeamsApart(
  backend: SearchBackend,
  teamOf: (documentId: string) => unknown,
): Promise<void> {
  const page = { collectionId: "docs", query: "incident", pageSize: 20, continuation: undefined };
  const alice = await backend.searchPage(page, attempt("alice-session"));
  const bob = await backend.searchPage(page, attempt("bob-session"));
  if (alice.kind !== "page" || bob.kind !== "page") throw new Error(`${alice.kind} ${bob.kind}`);
  expect(new Set(alice.hits.map((hit) => teamOf(hit.documentId)))).toEqual(new Set(["platform"]));
  expect(new Set(bob.hits.map((hit) => teamOf(hit.documentId)))).toEqual(new Set(["support"]));
  const bobsPage = { collectionId: "docs", documentId: bob.hits[0]?.documentId ?? "" };
  expect((await backend.getDocument(bobsPage, attempt("alice-session"))).kind).toBe("not_found");
  expect((await backend.getDocument(bobsPage, attempt("bob-session"))).kind).toBe("document");
}
