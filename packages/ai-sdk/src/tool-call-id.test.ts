import type { Trace } from "@search-docs/core";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { generateText, isStepCount } from "ai";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { scriptedModel } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

it("passes the AI SDK's toolCallId to core: it is on each call's trace (and span)", async () => {
  const traces: Trace[] = [];
  const docs = createTestDocsSearch(fake.service, { onTrace: (trace) => void traces.push(trace) });
  const search = await docs.search(
    { query: "rotate a service account key" },
    { caller: { token: fake.service.tokens.everything } },
  );
  traces.length = 0;
  const result = await generateText({
    model: scriptedModel([
      {
        toolCalls: [
          { toolName: "search_docs", input: { query: "rotate a service account key" } },
          { toolName: "get_document", input: { ref: search.output.results[0]?.ref } },
        ],
      },
      { text: "done" },
    ]),
    tools: docsTools(docs, { caller: { token: fake.service.tokens.everything } }),
    prompt: "How do I rotate a service account key?",
    stopWhen: isStepCount(3),
  });
  const calls = result.steps[0]?.toolCalls.map((call) => [call.toolName, call.toolCallId]) ?? [];
  expect(calls).toHaveLength(2);
  expect(traces.map((trace) => [trace.tool, trace.toolCallId]).sort()).toEqual(calls.sort());
});
