import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createDocsSearch, type SearchBackend } from "@search-docs/core";
import { algoliaBackend } from "@search-docs/core/algolia";
import { meilisearchBackend } from "@search-docs/core/meilisearch";
import { contractDocuments } from "@search-docs/core/testing";
import { typesenseBackend } from "@search-docs/core/typesense";
import { type HostedEngineFixture, startHostedEngineFixture } from "@search-docs/test-servers";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";

// Core's hosted backends, as the fixture builds them over its fakes.
const backends = {
  algolia: algoliaBackend,
  meilisearch: meilisearchBackend,
  typesense: typesenseBackend,
};

// The hosted engines' "done when", through createAgent: createDocsSearch over the Algolia,
// Meilisearch and Typesense backends, each user on a key minted per call, answers the three
// statuses truthfully, and a transient row of the status table is never "nothing matched".
describe.each(["algolia", "meilisearch", "typesense"] as const)(
  "%s through createAgent",
  (engine) => {
    let fixture: HostedEngineFixture<SearchBackend>;
    beforeAll(async () => {
      fixture = await startHostedEngineFixture(engine, {
        backends,
        documents: contractDocuments(),
      });
    });
    afterAll(() => fixture.close());

    async function statusOf(collection: string, query: string): Promise<string> {
      const docs = createDocsSearch({
        backend: fixture.backends.minted,
        areas: { handbook: [collection] },
        limits: { conflictWaitMs: 200 },
      });
      const tools = createDocsTools(docs, { caller: { token: "alice-session" } });
      const model = fakeModel()
        .respondWithTools([{ name: "search_docs", args: { query } }])
        .respond(new AIMessage("done"));
      const result = await createAgent({ model, tools }).invoke({
        messages: [new HumanMessage(query)],
      });
      const message = result.messages.find((each) => ToolMessage.isInstance(each)) as ToolMessage;
      return JSON.parse(message.content as string).status;
    }

    it("answers ok, no_matches and unavailable truthfully", async () => {
      expect(await statusOf(fixture.index, "incident")).toBe("ok");
      expect(await statusOf(fixture.index, "quokka xylophone")).toBe("no_matches");
      expect(await statusOf("absent-index", "quokka xylophone")).toBe("unavailable");
      // Every fault row held past the retries: unavailable, never no_matches.
      for (const fault of fixture.faults) {
        fixture.fake.inject({ ...fault, times: Number.POSITIVE_INFINITY });
        try {
          expect(await statusOf(fixture.index, "quokka xylophone")).toBe("unavailable");
        } finally {
          fixture.fake.clearFaults();
        }
      }
    });
  },
);
