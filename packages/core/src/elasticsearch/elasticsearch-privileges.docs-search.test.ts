import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";

// Issue 29's row: three users with partial access, areas on a concrete index, an alias and
// wildcard patterns. Before, a pattern this user could read none of answered 404 under
// allow_no_indices=false and every search was `unavailable` (90 of 90 calls). Now each user's
// readable areas answer, a pattern it cannot read is omitted like a 403 (a note in the trace on
// every call), a concrete index it may not read is still the engine's 403 (omitted).

const sample = sampleElasticsearchIndices();
const indices = {
  "docs-runbooks": sample["docs-runbooks"] ?? [],
  "docs-policies-v1": sample["docs-policies"] ?? [],
  "docs-onboarding-eng": sample["docs-onboarding"] ?? [],
  "docs-api-reference": sample["docs-api-reference"] ?? [],
};
// Area → collection ids: a concrete index, an alias, two patterns, and a pattern nothing matches.
const areas = {
  runbooks: ["docs-runbooks"],
  policies: ["policies"],
  onboarding: ["docs-onboarding-*"],
  api: ["docs-api-*"],
  archive: ["docs-archive-*"],
};
const users = {
  // A concrete name, an alias and a pattern: reads runbooks, policies, onboarding.
  "ApiKey alice": { name: "alice", read: ["docs-runbooks", "policies", "docs-onboarding-*"] },
  // Names only: the onboarding and api patterns resolve to nothing for her.
  "ApiKey bob": { name: "bob", read: ["docs-runbooks", "docs-api-reference"] },
  // Patterns only: docs-runbooks (named) and the alias policies are her 403s.
  "ApiKey carol": { name: "carol", read: ["docs-onboarding-*", "docs-api-*"] },
} as const;
const readable: Record<string, readonly string[]> = {
  alice: ["runbooks", "policies", "onboarding"],
  bob: ["runbooks", "api"],
  carol: ["onboarding", "api"],
};

let cluster: FakeElasticsearch;
beforeAll(async () => {
  cluster = await startFakeElasticsearch({
    indices,
    aliases: { policies: ["docs-policies-v1"] },
    users,
  });
});
afterAll(() => cluster?.close());

// Thirty queries a user of each area would ask: every document's title in turn.
const queries = Object.values(indices)
  .flatMap((records) => [...new Set(records.map((record) => String(record.title)))].slice(0, 8))
  .slice(0, 30);

describe("wildcard areas under per-user privileges: three users, 90 calls", () => {
  it("each user gets its readable areas, never unavailable; the rest omitted, patterns noted", async () => {
    const docs = createDocsSearch({ backend: elasticsearchBackend({ url: cluster.url }), areas });
    expect(queries).toHaveLength(30);
    const tally = { calls: 0, ok: 0, noMatches: 0, unavailable: 0, patternNotes: 0 };
    for (const [authorization, user] of Object.entries(users)) {
      const caller = { headers: { authorization } };
      const mine = readable[user.name] ?? [];
      const unreadable = Object.entries(areas)
        .filter(([area]) => !mine.includes(area))
        .flatMap(([, ids]) => ids);
      const answered = new Set<string>();
      for (const query of queries) {
        const { output, trace } = await docs.search({ query }, { caller });
        tally.calls += 1;
        if (output.status === "ok") tally.ok += 1;
        if (output.status === "no_matches") tally.noMatches += 1;
        if (output.status === "unavailable") tally.unavailable += 1;
        expect(output.status, `${user.name}: ${query}`).not.toBe("unavailable");
        expect(trace.failures).toEqual([]);
        for (const result of output.results) {
          expect(mine, `${user.name} read ${result.area}`).toContain(result.area);
          answered.add(result.area);
        }
        expect(trace.omitted.map((omission) => omission.collectionId).sort()).toEqual(
          [...unreadable].sort(),
        );
        // A pattern that resolved to nothing is said on every call; a named 403 is not a pattern's.
        const notes = trace.notes.filter((note) => note.includes("resolved to no index"));
        tally.patternNotes += notes.length;
        expect(notes.length).toBe(unreadable.filter((id) => id.includes("*")).length);
      }
      // Every area this user may read answered at least once over the thirty calls.
      expect([...answered].sort()).toEqual([...mine].sort());
    }
    // 90 calls, none unavailable (before: 90 of 90).
    expect(tally).toMatchObject({ calls: 90, unavailable: 0 });
    expect(tally.ok).toBeGreaterThan(60);
    // Patterns that resolve to nothing, per call: alice api and archive, bob onboarding and
    // archive, carol archive.
    expect(tally.patternNotes).toBe(30 * (2 + 2 + 1));
    console.info(`three users, 90 calls: ${JSON.stringify(tally)}`);
  });

  it("a concrete index the user may not read is still the engine's 403: omitted, not a pattern's note", async () => {
    const docs = createDocsSearch({
      backend: elasticsearchBackend({ url: cluster.url }),
      areas: { runbooks: ["docs-runbooks"] },
    });
    const { output, trace } = await docs.search(
      { query: "rotate a service account key" },
      { caller: { headers: { authorization: "ApiKey carol" } } },
    );
    expect(output.status).toBe("no_matches");
    expect(trace.requests.map((request) => request.status)).toEqual([403]);
    expect(trace.omitted).toEqual([
      { collectionId: "docs-runbooks", area: "runbooks", reason: "forbidden" },
    ]);
    expect(trace.notes.join("\n")).not.toContain("resolved to no index");
  });

  it("get_document on a pattern the user cannot read is no_access, never unavailable", async () => {
    const docs = createDocsSearch({ backend: elasticsearchBackend({ url: cluster.url }), areas });
    const alice = { headers: { authorization: "ApiKey alice" } };
    const { output } = await docs.search(
      { query: "your first day", area: "onboarding" },
      { caller: alice },
    );
    const ref = output.results[0]?.ref as string;
    expect(ref).toBeDefined();
    const read = await docs.getDocument(
      { ref },
      { caller: { headers: { authorization: "ApiKey bob" } } },
    );
    expect(read.output.status).toBe("no_access");
  });
});
