import {
  docSearchRecordsOf,
  type EngineRequest,
  type FakeHostedEngine,
  type HierarchyStyle,
  type HostedRecord,
} from "@search-docs/test-servers";
import { afterEach, expect } from "vitest";
import type { SearchBackend } from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import type { Limits } from "../limits.js";
import { contractDocuments } from "../testing/contract-documents.js";
import { type TestAttempt, testAttempt } from "../testing/test-attempt.js";

// The hosted engines' own tests (Algolia, Meilisearch, Typesense) share one setup: the contract
// corpus as DocSearch records dealt to two teams, the users whose minted keys filter on a team,
// and one fake engine per test.

const documents = contractDocuments();

/** The contract corpus as DocSearch records, its pages dealt to two teams by turns. */
export function records(style: HierarchyStyle): HostedRecord[] {
  return docSearchRecordsOf(documents, style, (document) => ({
    team: documents.indexOf(document) % 2 === 0 ? "platform" : "support",
  }));
}

/** The team of a page (its url_without_anchor, the DocSearch document id) in `records`. */
export function ofPage(records: readonly HostedRecord[]): (documentId: string) => unknown {
  return (documentId) => records.find((record) => record.url_without_anchor === documentId)?.team;
}

/** The team of a signed-in user's session (alice → platform, bob → support); others have none. */
export function ofCaller(caller: Caller): string | undefined {
  if (!("token" in caller)) return undefined;
  return { "alice-session": "platform", "bob-session": "support" }[caller.token];
}

/** Page one of a search for "the" in the `docs` collection. */
export const firstPage = {
  collectionId: "docs",
  query: "the",
  pageSize: 20,
  continuation: undefined,
};

/** Keeps the fake engine a test starts and closes it after the test. */
export function fakePerTest(): (fake: FakeHostedEngine) => FakeHostedEngine {
  let current: FakeHostedEngine | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return (fake) => {
    current = fake;
    return fake;
  };
}

/** A minting backend's restrictionsFor: a signed-in user's team's restrictions, others refused. */
export function restrictedBy<Restrictions>(
  restrictionsOf: (team: string) => Restrictions,
): (caller: Caller) => Restrictions | undefined {
  return (caller) => {
    const team = ofCaller(caller);
    return team === undefined ? undefined : restrictionsOf(team);
  };
}

/** The attempt core would hand a backend for a caller holding `token`. */
export function attemptOf(token: string, limits: Partial<Limits> = {}): TestAttempt {
  return testAttempt({ caller: { token }, limits });
}

/**
 * A search as alice through a backend minting keys from `parentKey`: the parent key is in no
 * request the engine got and in no detail of the attempt. Returns the last request, and the
 * attempt's details, for the engine's own checks of the derived key.
 */
export async function expectParentKeyKept(
  engine: FakeHostedEngine,
  backend: SearchBackend,
  parentKey: string,
): Promise<{ sent: EngineRequest | undefined; details: TestAttempt["details"] }> {
  const alice = attemptOf("alice-session");
  await backend.searchPage(firstPage, alice);
  expect(JSON.stringify(engine.requests)).not.toContain(parentKey);
  expect(JSON.stringify(alice.details)).not.toContain(parentKey);
  return { sent: engine.requests.at(-1), details: alice.details };
}
