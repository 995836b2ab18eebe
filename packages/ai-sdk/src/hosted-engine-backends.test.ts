import { createDocsSearch, type SearchBackend } from "@search-docs/core";
import { algoliaBackend } from "@search-docs/core/algolia";
import { meilisearchBackend } from "@search-docs/core/meilisearch";
import { contractDocuments } from "@search-docs/core/testing";
import { typesenseBackend } from "@search-docs/core/typesense";
import {
  type HostedEngineFixture,
  startHostedEngineFixture,
  teamOfSession,
} from "@search-docs/test-servers";
import { generateText, isStepCount } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedModel } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";
import type { SearchDocsToolOutput } from "./search-docs-tool.js";

// Core's hosted backends, as the fixture builds them over its fakes.
const backends = {
  algolia: algoliaBackend,
  meilisearch: meilisearchBackend,
  typesense: typesenseBackend,
};

// The hosted engines' "done when", through generateText: createDocsSearch over the Algolia,
// Meilisearch and Typesense backends, each user on a key the backend mints per call, answers the
// three statuses truthfully, and two users see different documents.
describe.each(["algolia", "meilisearch", "typesense"] as const)(
  "%s through generateText",
  (engine) => {
    let fixture: HostedEngineFixture<SearchBackend>;
    beforeAll(async () => {
      fixture = await startHostedEngineFixture(engine, {
        backends,
        documents: contractDocuments(),
      });
    });
    afterAll(() => fixture.close());

    async function search(
      collection: string,
      query: string,
      session: string,
    ): Promise<SearchDocsToolOutput["result"]> {
      const docs = createDocsSearch({
        backend: fixture.backends.minted,
        areas: { handbook: [collection] },
      });
      const result = await generateText({
        model: scriptedModel([
          { toolCalls: [{ toolName: "search_docs", input: { query } }] },
          { text: "done" },
        ]),
        tools: docsTools(docs, { caller: { token: session } }),
        prompt: query,
        stopWhen: isStepCount(3),
      });
      const output = result.steps[0]?.toolResults[0]?.output as SearchDocsToolOutput | undefined;
      if (output === undefined) throw new Error("no tool result");
      return output.result;
    }

    it("answers ok, no_matches and unavailable truthfully", async () => {
      expect((await search(fixture.index, "incident", "alice-session")).status).toBe("ok");
      expect((await search(fixture.index, "quokka xylophone", "alice-session")).status).toBe(
        "no_matches",
      );
      expect((await search("absent-index", "incident", "alice-session")).status).toBe(
        "unavailable",
      );
      // A session the app does not know gets no key minted: unavailable, never no_matches.
      expect((await search(fixture.index, "quokka xylophone", "mallory-session")).status).toBe(
        "unavailable",
      );
    });

    it("two users on minted keys see different documents", async () => {
      const titles = async (session: string) =>
        new Set((await search(fixture.index, "incident", session)).results.map((hit) => hit.title));
      const alice = await titles("alice-session");
      const bob = await titles("bob-session");
      expect(alice.size).toBeGreaterThan(0);
      expect(bob.size).toBeGreaterThan(0);
      expect([...alice].filter((title) => bob.has(title))).toEqual([]);
      expect(Object.keys(teamOfSession)).toEqual(["alice-session", "bob-session"]);
    });
  },
);
