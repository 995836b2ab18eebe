import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { RunnableLambda } from "@langchain/core/runnables";
import { fakeModel } from "@langchain/core/testing";
import { InvalidInputError } from "@search-docs/core";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { createAgent, createMiddleware } from "langchain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDocsTools } from "./create-docs-tools.js";
import { docsContextSchema } from "./docs-tool-caller.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const toolSentence = (tool: string) =>
  `${tool} needs the end user's credentials (a caller with a non-empty token or headers): build ` +
  "the tools with createDocsTools(docs, { caller }), or pass { context: { caller } } (createAgent, " +
  "with contextSchema: docsContextSchema) or { configurable: { caller } } when invoking.";
const contextSentence =
  "createAgent's context needs the end user's credentials (a caller with a non-empty token or " +
  "headers): pass { context: { caller: { token } } } to agent.invoke or agent.stream.";

const noCredentials = [
  ["no caller", undefined],
  ["caller: {}", {}],
  ['caller: { token: "" }', { token: "" }],
  ["caller: { headers: {} }", { headers: {} }],
] as const;

async function failureOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

function searchingModel() {
  return fakeModel()
    .respondWithTools([{ name: "search_docs", args: { query: "vpn" } }])
    .respond(new AIMessage("done"));
}

describe("missing or empty credentials: one sentence naming the fix, thrown to the app", () => {
  it.each(noCredentials.slice(1))("a fixed %s: thrown when the tools are built", (_, caller) => {
    const docs = createTestDocsSearch(fake.service);
    expect(() => createDocsTools(docs, { caller: caller as never })).toThrow(
      toolSentence("search_docs"),
    );
  });

  it.each(noCredentials)("tool.invoke with configurable %s", async (_, caller) => {
    const [search, read] = createDocsTools(createTestDocsSearch(fake.service));
    for (const [tool, args] of [
      [search, { query: "vpn" }],
      [read, { ref: "runbooks/key-rotation#2" }],
    ] as const) {
      const failure = await failureOf(() =>
        (tool as { invoke: (input: unknown, config: unknown) => Promise<unknown> }).invoke(
          { type: "tool_call", id: "call-1", name: tool.name, args },
          caller === undefined ? {} : { configurable: { caller } },
        ),
      );
      expect(InvalidInputError.isInstance(failure)).toBe(true);
      expect((failure as Error).message).toBe(toolSentence(tool.name));
    }
    expect(fake.service.requests).toHaveLength(0);
  });

  it.each(noCredentials)(
    "createAgent with docsContextSchema, context %s: refused before the model runs",
    async (_, caller) => {
      const model = searchingModel();
      const agent = createAgent({
        model,
        tools: createDocsTools(createTestDocsSearch(fake.service)),
        contextSchema: docsContextSchema,
      });
      const failure = await failureOf(() =>
        agent.invoke(
          { messages: [new HumanMessage("vpn?")] },
          { context: (caller === undefined ? {} : { caller }) as never },
        ),
      );
      expect(InvalidInputError.isInstance(failure)).toBe(true);
      // The sentence, not zod's issue list.
      expect((failure as Error).message).toBe(contextSentence);
      expect(model.calls).toHaveLength(0);
      expect(fake.service.requests).toHaveLength(0);
    },
  );

  it("createAgent with docsContextSchema and a caller: the run reads as that user", async () => {
    const agent = createAgent({
      model: searchingModel(),
      tools: createDocsTools(createTestDocsSearch(fake.service)),
      contextSchema: docsContextSchema,
    });
    const caller = { token: fake.service.tokens.runbooksOnly };
    await agent.invoke({ messages: [new HumanMessage("vpn?")] }, { context: { caller } });
    expect(fake.service.requests.length).toBeGreaterThan(0);
    expect(fake.service.requests.every((request) => request.token === caller.token)).toBe(true);
  });

  it("createAgent with configurable.caller: the run reads as that user", async () => {
    const agent = createAgent({
      model: searchingModel(),
      tools: createDocsTools(createTestDocsSearch(fake.service)),
    });
    const caller = { token: fake.service.tokens.noPolicies };
    await agent.invoke({ messages: [new HumanMessage("vpn?")] }, { configurable: { caller } });
    expect(fake.service.requests.length).toBeGreaterThan(0);
    expect(fake.service.requests.every((request) => request.token === caller.token)).toBe(true);
  });

  it("a tool invoked inside a runnable finds the caller its parent run was given", async () => {
    const [search] = createDocsTools(createTestDocsSearch(fake.service));
    // No config is passed down by hand: LangChain carries the parent's through async context.
    const chain = RunnableLambda.from((query: string) => search.invoke({ query }));
    const caller = { token: fake.service.tokens.runbooksOnly };
    await chain.invoke("vpn", { configurable: { caller } });
    expect(fake.service.requests.length).toBeGreaterThan(0);
    expect(fake.service.requests.every((request) => request.token === caller.token)).toBe(true);
  });

  it("createAgent with a wrapToolCall middleware: a run without a caller throws", async () => {
    // With any wrapToolCall middleware, LangChain lets tool errors out of the agent.
    const passThrough = createMiddleware({
      name: "PassThrough",
      wrapToolCall: (request, handler) => handler(request),
    });
    const agent = createAgent({
      model: searchingModel(),
      tools: createDocsTools(createTestDocsSearch(fake.service)),
      middleware: [passThrough],
    });
    const failure = await failureOf(() =>
      agent.invoke({ messages: [new HumanMessage("vpn?")] }, { context: {} }),
    );
    expect((failure as Error).message).toBe(toolSentence("search_docs"));
  });

  // LangChain's ToolNode, with no wrapToolCall middleware, turns every error a tool throws into a
  // ToolMessage for the model; no tool can throw past it. docsContextSchema is the fix (above).
  it("createAgent without docsContextSchema or middleware: LangChain shows the model the sentence", async () => {
    const model = searchingModel();
    const agent = createAgent({
      model,
      tools: createDocsTools(createTestDocsSearch(fake.service)),
    });
    await agent.invoke({ messages: [new HumanMessage("vpn?")] }, { context: {} });
    const seen = model.calls[1]?.messages.at(-1);
    expect(ToolMessage.isInstance(seen) && seen.status).toBe("error");
    expect((seen as ToolMessage).content).toBe(
      `InvalidInputError: ${toolSentence("search_docs")}\n Please fix your mistakes.`,
    );
    expect(fake.service.requests).toHaveLength(0);
  });
});
