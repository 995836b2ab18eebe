// The mission in one test: for the same upstream events, both adapters hand the model the same
// bytes. Each scenario runs through the real runtimes (AI SDK generateText with
// MockLanguageModelV4, LangChain createAgent with fakeModel) against the fake docs service, and
// the tool results the model reads on its next turn are compared byte for byte.
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Text,
  LanguageModelV4ToolCall,
} from "@ai-sdk/provider";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { docsTools } from "@search-docs/ai-sdk";
import type { DocsSearch } from "@search-docs/core";
import {
  createTestDocsSearch,
  type DefaultTokens,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { createDocsTools, docsContextSchema } from "@search-docs/langchain";
import { generateText, isStepCount, streamText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** One model turn: which tool, with which arguments given what the model has read so far. */
interface Step {
  tool: "search_docs" | "get_document";
  args: (seen: Parsed[]) => Record<string, unknown>;
}
type Parsed = { status: string; results?: { ref: string; area: string }[] };
/** One conversation (one user), then the next: refs read in one may be used in the next. */
interface Run {
  token: keyof DefaultTokens;
  steps: Step[];
}
interface Scenario {
  name: string;
  runs: Run[];
  /** Upstream trouble for this scenario, set before each adapter's turn. */
  faults?: (service: FakeDocsService) => void;
  statuses: string[];
}

const search = (query: string, area?: string): Step => ({
  tool: "search_docs",
  args: () => (area === undefined ? { query } : { query, area }),
});
const readFirstHit: Step = {
  tool: "get_document",
  args: (seen) => ({ ref: seen.at(-1)?.results?.[0]?.ref }),
};
const read = (ref: string): Step => ({ tool: "get_document", args: () => ({ ref }) });

const scenarios: Scenario[] = [
  {
    name: "search: ok",
    runs: [{ token: "everything", steps: [search("rotate a service account key")] }],
    statuses: ["ok"],
  },
  {
    name: "search: no_matches",
    runs: [{ token: "everything", steps: [search("zebra xylophone quasar")] }],
    statuses: ["no_matches"],
  },
  {
    name: "search: unavailable (a collection is reindexing)",
    runs: [{ token: "everything", steps: [search("rotate a service account key")] }],
    faults: (service) => {
      for (const id of service.areas.runbooks ?? []) {
        service.setFault(id, { kind: "reindex", durationMs: 60_000 });
      }
    },
    statuses: ["unavailable"],
  },
  {
    name: "search: a forbidden collection is left out",
    runs: [{ token: "noPolicies", steps: [search("data retention policy")] }],
    statuses: ["ok"],
  },
  {
    name: "get_document: ok",
    runs: [{ token: "everything", steps: [search("rotate a service account key"), readFirstHit] }],
    statuses: ["ok", "ok"],
  },
  {
    name: "get_document: not_found",
    runs: [{ token: "everything", steps: [read("runbooks/no-such-runbook#1")] }],
    statuses: ["not_found"],
  },
  {
    name: "get_document: no_access (a ref issued to someone who may read it)",
    runs: [
      { token: "everything", steps: [search("data retention policy", "policies")] },
      { token: "noPolicies", steps: [readFirstHit] },
    ],
    statuses: ["ok", "no_access"],
  },
];

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

/** A fresh core per adapter turn, so neither inherits the other's memory of a reindex. */
function freshDocs(scenario: Scenario): DocsSearch {
  service.clearFaults();
  service.clearRequests();
  scenario.faults?.(service);
  return createTestDocsSearch(service);
}

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** The tool results in the newest tool message of an AI SDK prompt: what the model reads. */
function aiSdkToolResults(options: LanguageModelV4CallOptions): string[] {
  const message = options.prompt.at(-1);
  if (message?.role !== "tool") return [];
  return message.content.flatMap((part) =>
    part.type === "tool-result" && part.output.type === "text" ? [part.output.value] : [],
  );
}

/** Plays a scenario through generateText (or streamText); returns the tool results read. */
async function throughAiSdk(scenario: Scenario, mode: "generate" | "stream" = "generate") {
  const docs = freshDocs(scenario);
  const seen: string[] = [];
  const definitions: unknown[] = [];
  for (const run of scenario.runs) {
    let turn = 0;
    const next = (
      options: LanguageModelV4CallOptions,
    ): LanguageModelV4Text | LanguageModelV4ToolCall => {
      if (definitions.length === 0) definitions.push(...(options.tools ?? []));
      seen.push(...aiSdkToolResults(options));
      const step = run.steps[turn++];
      if (!step) return { type: "text", text: "done" };
      const args = step.args(seen.map((text) => JSON.parse(text)));
      return {
        type: "tool-call",
        toolCallId: `call-${turn}`,
        toolName: step.tool,
        input: JSON.stringify(args),
      };
    };
    const finish = (part: LanguageModelV4Text | LanguageModelV4ToolCall) => ({
      unified: part.type === "tool-call" ? ("tool-calls" as const) : ("stop" as const),
      raw: undefined,
    });
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        const part = next(options);
        return { content: [part], finishReason: finish(part), usage, warnings: [] };
      },
      doStream: async (options) => {
        const part = next(options);
        const body: LanguageModelV4StreamPart[] =
          part.type === "text"
            ? [
                { type: "text-start", id: "t" },
                { type: "text-delta", id: "t", delta: part.text },
                { type: "text-end", id: "t" },
              ]
            : [part];
        const parts: LanguageModelV4StreamPart[] = [
          { type: "stream-start", warnings: [] },
          ...body,
          { type: "finish", finishReason: finish(part), usage },
        ];
        return {
          stream: new ReadableStream({
            start: (controller) => {
              for (const chunk of parts) controller.enqueue(chunk);
              controller.close();
            },
          }),
        };
      },
    });
    const caller = { token: service.tokens[run.token] };
    const request = {
      model,
      tools: docsTools(docs),
      toolsContext: { search_docs: { caller }, get_document: { caller } },
      prompt: "Answer from the docs.",
      stopWhen: isStepCount(run.steps.length + 1),
    };
    if (mode === "generate") await generateText(request);
    else await streamText(request).consumeStream();
  }
  return { seen, definitions };
}

/** Plays a scenario through createAgent with fakeModel; returns the tool results read. */
async function throughLangChain(scenario: Scenario) {
  const docs = freshDocs(scenario);
  const seen: string[] = [];
  const tools = createDocsTools(docs);
  for (const run of scenario.runs) {
    let turn = 0;
    const next = (messages: BaseMessage[]) => {
      // The model reads the tool messages after its own last turn.
      const lastCall = messages.findLastIndex((message) => AIMessage.isInstance(message));
      for (const message of messages.slice(lastCall + 1)) {
        if (ToolMessage.isInstance(message)) seen.push(message.content as string);
      }
      const step = run.steps[turn++];
      if (!step) return new AIMessage("done");
      const args = step.args(seen.map((text) => JSON.parse(text)));
      return new AIMessage({
        content: "",
        tool_calls: [{ id: `call-${turn}`, name: step.tool, args }],
      });
    };
    let model = fakeModel();
    for (let index = 0; index <= run.steps.length; index++) model = model.respond(next);
    const agent = createAgent({ model, tools, contextSchema: docsContextSchema });
    await agent.invoke(
      { messages: [new HumanMessage("Answer from the docs.")] },
      { context: { caller: { token: service.tokens[run.token] } } },
    );
  }
  const definitions = tools.map((tool) => convertToOpenAITool(tool).function);
  return { seen, definitions };
}

describe("both adapters hand the model the same bytes", () => {
  it.each(scenarios)("$name", async (scenario) => {
    const aiSdk = await throughAiSdk(scenario);
    const langchain = await throughLangChain(scenario);

    expect(aiSdk.seen.map((text) => JSON.parse(text).status)).toEqual(scenario.statuses);
    expect(langchain.seen).toHaveLength(aiSdk.seen.length);
    for (const [index, text] of aiSdk.seen.entries()) expect(langchain.seen[index]).toBe(text);
  });

  it("the forbidden collection is invisible: no policies hit, no trace of it in the bytes", async () => {
    const scenario = scenarios.find((each) => each.name.includes("forbidden")) as Scenario;
    const { seen } = await throughAiSdk(scenario);
    const { results } = JSON.parse(seen[0] as string) as Parsed;
    expect(results?.length).toBeGreaterThan(0);
    expect(results?.some((result) => result.area === "policies")).toBe(false);
    expect(seen[0]).not.toMatch(/"ref":"policies\//);
    for (const id of service.areas.policies ?? []) expect(seen[0]).not.toContain(id);
  });

  it("both send the same tool definitions", async () => {
    const scenario = scenarios[0] as Scenario;
    const aiSdk = await throughAiSdk(scenario);
    const langchain = await throughLangChain(scenario);
    const asOpenAi = (
      aiSdk.definitions as { name: string; description: string; inputSchema: unknown }[]
    ).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
    }));
    expect(langchain.definitions).toEqual(asOpenAi);
  });

  it("streamText hands the model the same bytes as generateText", async () => {
    const scenario = scenarios.find((each) => each.name === "get_document: ok") as Scenario;
    const generated = await throughAiSdk(scenario, "generate");
    const streamed = await throughAiSdk(scenario, "stream");
    expect(streamed.seen.map((text) => JSON.parse(text).status)).toEqual(scenario.statuses);
    expect(streamed.seen).toEqual(generated.seen);
  });
});
