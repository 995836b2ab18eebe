import type { ToolMessage } from "@langchain/core/messages";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGetDocumentTool } from "./get-document-tool.js";
import type { DocsToolArtifact } from "./search-docs-tool.js";

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
  const caller = { token: service.tokens.everything };
  // A ref is only readable once search_docs issued it.
  await docs.search({ query: "rotate a service account key" }, { caller });
  service.clearRequests();
  const tool = createGetDocumentTool(docs, { caller });
  // Invoked with a tool call, a tool answers with a ToolMessage: content and artifact.
  return (await tool.invoke({
    type: "tool_call",
    id: "call-1",
    name: "get_document",
    args: { ref },
  })) as unknown as ToolMessage;
}

describe("get_document as a LangChain tool", () => {
  it("ok: content is the contract JSON, the artifact has the trace and the portal URL", async () => {
    const message = await read("runbooks/key-rotation#2");
    const content = JSON.parse(message.content as string);
    expect(content).toMatchObject({ status: "ok", ref: "runbooks/key-rotation#2" });
    const artifact = message.artifact as DocsToolArtifact;
    expect(artifact.trace.tool).toBe("get_document");
    expect(artifact.urls).toEqual({
      "runbooks/key-rotation#2": "https://docs.example.com/runbooks/key-rotation#2",
    });
  });

  it("not_found for a ref it never issued: no URL, no upstream request", async () => {
    const message = await read("runbooks/no-such-runbook#1");
    expect(JSON.parse(message.content as string).status).toBe("not_found");
    expect((message.artifact as DocsToolArtifact).urls).toEqual({});
    expect(service.requests).toHaveLength(0);
  });

  it("a ref of the wrong type is rejected before anything is sent", async () => {
    await expect(read(7)).rejects.toThrow(/ref/);
    expect(service.requests).toHaveLength(0);
  });
});
