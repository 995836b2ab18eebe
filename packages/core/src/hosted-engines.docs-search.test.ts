import {
  type HostedEngineFixture,
  type HostedEngineName,
  teamOfSession,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostedEngine } from "./__fixtures__/start-hosted-engine.js";
import { securedApiKey, securedKeyParameters } from "./algolia/secured-api-key.js";
import type { SearchBackend } from "./backend/search-backend.js";
import { createDocsSearch } from "./create-docs-search.js";
import { tenantToken } from "./meilisearch/tenant-token.js";
import { contractDocuments } from "./testing/contract-documents.js";
import { createSeededRandom } from "./testing/seeded-random.js";
import { embeddedParametersJson, scopedSearchKey } from "./typesense/scoped-search-key.js";

// End to end through createDocsSearch: each hosted backend answers the three statuses truthfully,
// two users on keys minted per call see different documents, an expired derived key is
// `unavailable` with the app's `unauthorized` signal, and a fault mix of the status table's
// transient rows never yields a false `no_matches`.

const documents = contractDocuments();
const teamOfTitle = new Map(
  documents.map((document, position) => [
    document.title,
    position % 2 === 0 ? "platform" : "support",
  ]),
);

function docsOver(backend: SearchBackend, collection = "docs") {
  return createDocsSearch({
    backend,
    areas: { handbook: [collection] },
    limits: { deadlineMs: 3000, conflictWaitMs: 200 },
    retry: { baseDelayMs: 2, maxDelayMs: 10 },
  });
}

/** A credential derived from the fixture's plain key that expired long ago, in the engine's terms. */
async function expiredCredential(engine: HostedEngineName, plainKey: string): Promise<string> {
  switch (engine) {
    case "algolia":
      return securedApiKey(plainKey, securedKeyParameters({ validUntil: 1 }));
    case "meilisearch":
      return tenantToken({
        parentKey: plainKey,
        apiKeyUid: "plain",
        searchRules: ["*"],
        expiresAt: 1,
      });
    case "typesense":
      return scopedSearchKey(plainKey, embeddedParametersJson({ expires_at: 1 }));
  }
}

describe.each(["algolia", "meilisearch", "typesense"] as const)(
  "createDocsSearch over %s",
  (engine) => {
    let fixture: HostedEngineFixture<SearchBackend>;
    beforeAll(async () => {
      fixture = await startHostedEngine(engine);
    });
    afterAll(() => fixture.close());

    it("answers ok, no_matches and unavailable truthfully", async () => {
      const caller = { token: fixture.plainKey };
      const docs = docsOver(fixture.backends.plain);
      expect((await docs.search({ query: "heliograph" }, { caller })).output.status).toBe("ok");
      expect((await docs.search({ query: "quokka xylophone" }, { caller })).output.status).toBe(
        "no_matches",
      );
      const missing = docsOver(fixture.backends.plain, "absent");
      expect((await missing.search({ query: "quokka xylophone" }, { caller })).output.status).toBe(
        "unavailable",
      );
    });

    it("links each ref to its record's own page and anchor, with no portalUrl", async () => {
      const caller = { token: fixture.plainKey };
      const docs = docsOver(fixture.backends.plain);
      const found = await docs.search({ query: "heliograph" }, { caller });
      const first = found.output.results[0];
      if (first === undefined) throw new Error("no result");
      const record = fixture.records.find(
        (candidate) => found.urls[first.ref] === (candidate as { url?: string }).url,
      );
      expect(record).toBeDefined();
      expect(found.urls[first.ref]).toMatch(/^https?:\/\/[^#]+#\S+$/);
      const read = await docs.getDocument({ ref: first.ref }, { caller });
      expect(read.urls[first.ref]).toBe(found.urls[first.ref]);
    });

    it("two users on keys minted per call see different documents, and each reads their own", async () => {
      const docs = docsOver(fixture.backends.minted);
      for (const session of ["alice-session", "bob-session"]) {
        const result = await docs.search({ query: "incident" }, { caller: { token: session } });
        expect(result.output.status).toBe("ok");
        const teams = new Set(result.output.results.map((hit) => teamOfTitle.get(hit.title)));
        expect(teams).toEqual(new Set([teamOfSession[session]]));
        const first = result.output.results[0];
        if (first === undefined) throw new Error("no result");
        const document = await docs.getDocument({ ref: first.ref }, { caller: { token: session } });
        expect(document.output.status).toBe("ok");
      }
    });

    it("an expired derived key is unavailable and tells the app unauthorized, never no_matches", async () => {
      const docs = docsOver(fixture.backends.plain);
      const token = await expiredCredential(engine, fixture.plainKey);
      const result = await docs.search({ query: "quokka xylophone" }, { caller: { token } });
      expect(result.output.status).toBe("unavailable");
      expect(result.unauthorized).toBe(true);
      expect(JSON.stringify(result)).not.toContain(token);
    });

    it("a fault mix of the status table's rows never yields a false no_matches", async () => {
      const docs = docsOver(fixture.backends.minted);
      const random = createSeededRandom(24);
      const statuses: Record<string, number> = {};
      for (let call = 0; call < 40; call++) {
        const fault = fixture.faults[Math.floor(random() * fixture.faults.length)];
        if (fault !== undefined)
          fixture.fake.inject({ ...fault, times: 1 + Math.floor(random() * 3) });
        const result = await docs.search(
          { query: "incident" },
          { caller: { token: "alice-session" } },
        );
        statuses[result.output.status] = (statuses[result.output.status] ?? 0) + 1;
        fixture.fake.clearFaults();
      }
      expect(statuses.no_matches ?? 0).toBe(0);
      expect(statuses.ok ?? 0).toBeGreaterThan(0);
    });
  },
);
