import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createDocsSearch } from "@search-docs/core";
import { elasticsearchBackend } from "@search-docs/core/elasticsearch";
import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { createAgent } from "langchain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";

// The "done when": createDocsSearch over elasticsearchBackend answers the three statuses
// truthfully through createAgent, against the fake engine speaking Elasticsearch's wire.
let fake: FakeElasticsearch;
beforeAll(async () => {
  fake = await startFakeElasticsearch({
    indices: sampleElasticsearchIndices(),
    users: { "ApiKey alice-key": { name: "alice", read: ["docs-*"] } },
  });
});
afterAll(() => fake.close());

async function statusOf(areas: Record<string, string[]>, query: string): Promise<string> {
  const docs = createDocsSearch({ backend: elasticsearchBackend({ url: fake.url }), areas });
  const tools = createDocsTools(docs, {
    caller: { headers: { authorization: "ApiKey alice-key" } },
  });
  const model = fakeModel()
    .respondWithTools([{ name: "search_docs", args: { query } }])
    .respond(new AIMessage("done"));
  const result = await createAgent({ model, tools }).invoke({
    messages: [new HumanMessage(query)],
  });
  const message = result.messages.find((each) => ToolMessage.isInstance(each)) as ToolMessage;
  return JSON.parse(message.content as string).status;
}

it("answers ok, no_matches and unavailable truthfully from Elasticsearch, through createAgent", async () => {
  const runbooks = { runbooks: ["docs-runbooks"] };
  expect(await statusOf(runbooks, "rotate a service account key")).toBe("ok");
  expect(await statusOf(runbooks, "quokka xylophone")).toBe("no_matches");
  // A missing index (an alias gap mid-swap) is unavailable, never "nothing matched".
  expect(await statusOf({ runbooks: ["docs-runbooks-v2"] }, "quokka xylophone")).toBe(
    "unavailable",
  );
  // A partial answer (a failed shard) is never reported complete.
  fake.setFault("docs-runbooks", { kind: "partial_shards" });
  try {
    expect(await statusOf(runbooks, "rotate a service account key")).toBe("unavailable");
  } finally {
    fake.clearFaults();
  }
});
