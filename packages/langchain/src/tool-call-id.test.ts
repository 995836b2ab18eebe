import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { createAgent } from "langchain";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";
import type { DocsToolArtifact } from "./docs-structured-tool.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

it("passes LangChain's tool call id to core: it is on each call's trace (and span)", async () => {
  const docs = createTestDocsSearch(fake.service);
  const caller = { token: fake.service.tokens.everything };
  const { output } = await docs.search({ query: "rotate a service account key" }, { caller });
  const model = fakeModel()
    .respondWithTools([
      { name: "search_docs", args: { query: "rotate a service account key" } },
      { name: "get_document", args: { ref: output.results[0]?.ref } },
    ])
    .respond(new AIMessage("done"));
  const agent = createAgent({ model, tools: createDocsTools(docs, { caller }) });
  const result = await agent.invoke({
    messages: [new HumanMessage("How do I rotate a service account key?")],
  });
  const toolMessages = result.messages.filter((message) => message.getType() === "tool");
  expect(toolMessages).toHaveLength(2);
  for (const message of toolMessages as ToolMessage[]) {
    const artifact = message.artifact as DocsToolArtifact;
    expect(message.tool_call_id).toMatch(/\S/);
    expect(artifact.trace.toolCallId).toBe(message.tool_call_id);
  }
});
