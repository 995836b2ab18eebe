import { createDocsSearch } from "@search-docs/core";
import { elasticsearchBackend } from "@search-docs/core/elasticsearch";
import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { generateText, isStepCount } from "ai";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scriptedModel } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";
import type { SearchDocsToolOutput } from "./search-docs-tool.js";

// The "done when": createDocsSearch over elasticsearchBackend answers the three statuses
// truthfully through generateText, against the fake engine speaking OpenSearch's wire.
let fake: FakeElasticsearch;
beforeAll(async () => {
  fake = await startFakeElasticsearch({
    flavor: "opensearch",
    indices: sampleElasticsearchIndices(),
    users: { "Bearer alice-token": { name: "alice", read: ["docs-*"] } },
  });
});
afterAll(() => fake.close());

async function statusOf(areas: Record<string, string[]>, query: string): Promise<string> {
  const docs = createDocsSearch({
    backend: elasticsearchBackend({ url: fake.url, flavor: "opensearch" }),
    areas,
  });
  const result = await generateText({
    model: scriptedModel([
      { toolCalls: [{ toolName: "search_docs", input: { query } }] },
      { text: "done" },
    ]),
    tools: docsTools(docs, { caller: { token: "alice-token" } }),
    prompt: query,
    stopWhen: isStepCount(3),
  });
  const output = result.steps[0]?.toolResults[0]?.output as SearchDocsToolOutput | undefined;
  expect(output).toBeDefined();
  return output?.result.status ?? "no tool result";
}

it("answers ok, no_matches and unavailable truthfully from OpenSearch, through generateText", async () => {
  const runbooks = { runbooks: ["docs-runbooks"] };
  expect(await statusOf(runbooks, "rotate a service account key")).toBe("ok");
  expect(await statusOf(runbooks, "quokka xylophone")).toBe("no_matches");
  expect(await statusOf({ runbooks: ["docs-runbooks-v2"] }, "quokka xylophone")).toBe(
    "unavailable",
  );
  // A search past its timeout comes back timed_out: a partial answer, never complete.
  fake.setFault("docs-runbooks", { kind: "timed_out" });
  try {
    expect(await statusOf(runbooks, "rotate a service account key")).toBe("unavailable");
  } finally {
    fake.clearFaults();
  }
});
