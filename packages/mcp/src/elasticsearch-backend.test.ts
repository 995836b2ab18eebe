import { createDocsSearch } from "@search-docs/core";
import { elasticsearchBackend } from "@search-docs/core/elasticsearch";
import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectInMemory } from "./__fixtures__/connect-in-memory.js";
import { createDocsMcpServer } from "./create-docs-mcp-server.js";

// The "done when": createDocsSearch over elasticsearchBackend answers the three statuses
// truthfully over MCP, against the fake engine speaking Elasticsearch's wire.
let fake: FakeElasticsearch;
beforeAll(async () => {
  fake = await startFakeElasticsearch({
    indices: sampleElasticsearchIndices(),
    // Privileges on a pattern: a name under it that does not exist is a 404, not a 403.
    users: { "ApiKey alice-key": { name: "alice", read: ["docs-runbooks*"] } },
  });
});
afterAll(() => fake.close());

async function statusOf(areas: Record<string, string[]>, query: string): Promise<string> {
  const docs = createDocsSearch({ backend: elasticsearchBackend({ url: fake.url }), areas });
  const connection = await connectInMemory(
    createDocsMcpServer(docs, { caller: { headers: { authorization: "ApiKey alice-key" } } }),
  );
  try {
    await connection.client.listTools();
    const result = await connection.client.callTool({ name: "search_docs", arguments: { query } });
    return (result.structuredContent as { status: string }).status;
  } finally {
    await connection.close();
  }
}

it("answers ok, no_matches and unavailable truthfully from Elasticsearch, over MCP", async () => {
  const runbooks = { runbooks: ["docs-runbooks"] };
  expect(await statusOf(runbooks, "rotate a service account key")).toBe("ok");
  expect(await statusOf(runbooks, "quokka xylophone")).toBe("no_matches");
  // An index the user may not read is omitted: with nothing else in scope, no_matches.
  expect(await statusOf({ runbooks: ["docs-policies"] }, "access policy")).toBe("no_matches");
  // The alias gap of a swap: a missing index the user may read is unavailable, never no_matches.
  expect(await statusOf({ runbooks: ["docs-runbooks-v2"] }, "quokka xylophone")).toBe(
    "unavailable",
  );
  fake.setFault("docs-runbooks", { kind: "malformed" });
  try {
    expect(await statusOf(runbooks, "rotate a service account key")).toBe("unavailable");
  } finally {
    fake.clearFaults();
  }
});
