import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { ChatOpenAI } from "@langchain/openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { createDocsTools } from "@search-docs/langchain";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiChatReplies } from "../__fixtures__/openai-chat-replies.js";
import { serveDocsMcp } from "../__fixtures__/serve-docs-mcp.js";
import { mcpTokens } from "../__fixtures__/test-verifier.js";

// LangChain's MCP adapters against our HTTP server, beside @search-docs/langchain on the same
// docs: what each hands the model, through createAgent.
let service: FakeDocsService;
let served: Awaited<ReturnType<typeof serveDocsMcp>>;
let client: Client;
let docs: ReturnType<typeof createTestDocsSearch>;

beforeAll(async () => {
  service = await startFakeDocsService();
  docs = createTestDocsSearch(service);
  served = await serveDocsMcp(docs, service);
  client = new Client({ name: "langchain-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(served.endpoint), {
      requestInit: { headers: { authorization: `Bearer ${mcpTokens.bob}` } },
    }),
  );
});
afterAll(async () => {
  await client.close();
  await served.close();
  await service.close();
});

/**
 * What the README gives LangChain users: the MCP text content, alone, as the ToolMessage's
 * content. Without it @langchain/mcp-adapters 1.1.x folds structuredContent into the content
 * block and the model reads the contract twice, JSON-escaped.
 */
const textContentOnly = {
  afterToolCall: ({ result: [content] }: { result: [unknown, unknown] }) => ({
    result:
      typeof content === "string"
        ? content
        : (content as { type: string; text?: string }[])
            .map((block) => (block.type === "text" ? block.text : ""))
            .join(""),
  }),
};

const bob = () => ({ token: service.tokens.everything });

async function modelSees(
  tools: StructuredToolInterface[],
  name: string,
  args: Record<string, unknown>,
) {
  const model = fakeModel().respondWithTools([{ name, args }]).respond(new AIMessage("done"));
  const { messages } = await createAgent({ model, tools }).invoke({
    messages: [new HumanMessage("How do I rotate a key?")],
  });
  const message = messages.find((each) => each.getType() === "tool") as ToolMessage;
  return { message, seen: model.calls[1]?.messages.at(-1) as ToolMessage | undefined };
}

describe("LangChain's MCP adapters (@langchain/mcp-adapters) on our server", () => {
  it.each([
    ["search_docs", { query: "rotate a service account key" }],
    ["search_docs", { query: "deploy freeze", area: "policies" }],
    ["get_document", { ref: "runbooks/key-rotation#2" }],
  ])(
    "%s %j: with the README's afterToolCall, the model reads the adapter's bytes",
    async (name, args) => {
      await docs.search({ query: "rotate a service account key" }, { caller: bob() });
      const adapter = await modelSees(createDocsTools(docs, { caller: bob() }), name, args);
      const overMcp = await modelSees(
        await loadMcpTools("docs", client, textContentOnly),
        name,
        args,
      );
      expect(typeof adapter.seen?.content).toBe("string");
      expect(overMcp.seen?.content).toBe(adapter.seen?.content);
      expect(overMcp.message.status).toBe("success");
    },
  );

  it("without it, 1.1.x hands the model the text and structuredContent folded into one JSON block", async () => {
    const args = { query: "rotate a service account key" };
    const adapter = await modelSees(createDocsTools(docs, { caller: bob() }), "search_docs", args);
    const overMcp = await modelSees(await loadMcpTools("docs", client), "search_docs", args);
    const text = adapter.seen?.content as string;
    expect(JSON.parse(overMcp.seen?.content as string)).toEqual({
      type: "text",
      text,
      structuredContent: JSON.parse(text),
    });
  });

  it("on the OpenAI wire: the same definitions and the same tool message bytes as the adapter", async () => {
    const wire = async (tools: StructuredToolInterface[]) => {
      const openAi = openAiChatReplies({
        name: "search_docs",
        arguments: { query: "rotate a service account key" },
      });
      const model = new ChatOpenAI({
        model: "gpt-4o-mini",
        apiKey: "test",
        maxRetries: 0,
        configuration: { fetch: openAi.fetch },
      });
      await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("Rotate a key?")] });
      return { content: openAi.toolMessageContent(), tools: openAi.bodies[0]?.tools };
    };
    const adapter = await wire(createDocsTools(docs, { caller: bob() }));
    const overMcp = await wire(await loadMcpTools("docs", client, textContentOnly));
    expect(overMcp.tools).toEqual(adapter.tools);
    expect(overMcp.content).toBe(adapter.content);
    expect(JSON.parse(adapter.content as string).status).toBe("ok");
  });

  it("bad input the schema allows (a 50,000-character query) reaches the model as core's line", async () => {
    const { message } = await modelSees(
      await loadMcpTools("docs", client, textContentOnly),
      "search_docs",
      { query: "x".repeat(50_000) },
    );
    expect(message.status).toBe("error");
    expect(String(message.content)).toContain(
      'InvalidInputError: Invalid search_docs input: "query" must be at most 1000 characters.',
    );
    expect(String(message.content).length).toBeLessThan(300);
  });
});
