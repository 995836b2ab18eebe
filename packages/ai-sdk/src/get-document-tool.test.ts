import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { generateText, isStepCount } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scriptedModel, toolResultsIn } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";
import type { GetDocumentToolOutput } from "./get-document-tool.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());
afterEach(() => {
  service.clearFaults();
  service.clearRequests();
});

async function read(ref: unknown) {
  const docs = createTestDocsSearch(service);
  const tools = docsTools(docs, { caller: { token: service.tokens.everything } });
  // A ref is only readable once search_docs issued it.
  await docs.search(
    { query: "rotate a service account key" },
    {
      caller: { token: service.tokens.everything },
    },
  );
  service.clearRequests();
  const model = scriptedModel([
    { toolCalls: [{ toolName: "get_document", input: { ref } }] },
    { text: "done" },
  ]);
  const result = await generateText({ model, tools, prompt: "read it", stopWhen: isStepCount(3) });
  return {
    output: result.steps[0]?.toolResults[0]?.output as GetDocumentToolOutput | undefined,
    seen: toolResultsIn(model.doGenerateCalls[1])[0],
  };
}

describe("get_document through generateText", () => {
  it("ok: the model gets the contract, the app the portal URL of the document", async () => {
    const { output, seen } = await read("runbooks/key-rotation#2");
    expect(output?.result).toMatchObject({ status: "ok", ref: "runbooks/key-rotation#2" });
    expect(output?.urls).toEqual({
      "runbooks/key-rotation#2": "https://docs.example.com/runbooks/key-rotation#2",
    });
    expect(seen?.output).toEqual({ type: "text", value: JSON.stringify(output?.result) });
  });

  it("not_found for a ref it never issued: no URL, no upstream request", async () => {
    const { output } = await read("runbooks/no-such-runbook#1");
    expect(output?.result.status).toBe("not_found");
    expect(output?.urls).toEqual({});
    expect(service.requests).toHaveLength(0);
  });

  it("a ref of the wrong type is a tool error in core's words", async () => {
    const { seen } = await read(7);
    expect(seen?.output).toEqual({
      type: "error-text",
      value: 'InvalidInputError: Invalid get_document input: "ref" must be a string.',
    });
    expect(service.requests).toHaveLength(0);
  });
});
