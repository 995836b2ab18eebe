import { createDocsSearch, type SearchBackend } from "@search-docs/core";
import { algoliaBackend } from "@search-docs/core/algolia";
import { meilisearchBackend } from "@search-docs/core/meilisearch";
import { contractDocuments } from "@search-docs/core/testing";
import { typesenseBackend } from "@search-docs/core/typesense";
import { type HostedEngineFixture, startHostedEngineFixture } from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectInMemory } from "./__fixtures__/connect-in-memory.js";
import { createDocsMcpServer } from "./create-docs-mcp-server.js";

// Core's hosted backends, as the fixture builds them over its fakes.
const backends = {
  algolia: algoliaBackend,
  meilisearch: meilisearchBackend,
  typesense: typesenseBackend,
};

// The hosted engines' "done when", over MCP: createDocsSearch over the Algolia, Meilisearch and
// Typesense backends, each user on a key the backend mints per call, answers the three statuses
// truthfully, and two users see different documents.
describe.each(["algolia", "meilisearch", "typesense"] as const)("%s over MCP", (engine) => {
  let fixture: HostedEngineFixture<SearchBackend>;
  beforeAll(async () => {
    fixture = await startHostedEngineFixture(engine, { backends, documents: contractDocuments() });
  });
  afterAll(() => fixture.close());

  async function search(collection: string, query: string, session: string) {
    const docs = createDocsSearch({
      backend: fixture.backends.minted,
      areas: { handbook: [collection] },
    });
    const connection = await connectInMemory(
      createDocsMcpServer(docs, { caller: { token: session } }),
    );
    try {
      const result = await connection.client.callTool({
        name: "search_docs",
        arguments: { query },
      });
      return result.structuredContent as { status: string; results: Array<{ title: string }> };
    } finally {
      await connection.close();
    }
  }

  it("answers ok, no_matches and unavailable truthfully", async () => {
    expect((await search(fixture.index, "incident", "alice-session")).status).toBe("ok");
    expect((await search(fixture.index, "quokka xylophone", "alice-session")).status).toBe(
      "no_matches",
    );
    expect((await search("absent-index", "incident", "alice-session")).status).toBe("unavailable");
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
  });
});
