// A LangChain agent (createAgent) with the search_docs toolkit. With OPENAI_API_KEY or
// ANTHROPIC_API_KEY it talks to a real chat model, and with SEARCH_DOCS_BACKEND and its variables
// (any engine: packages/core/docs/configuration.md) to your docs; without them it runs a scripted
// model against the embedded fake docs service. The first line says which.
// Run: pnpm --filter @search-docs/example-langchain-agent start "how do I rotate a key?"
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import {
  type DocsToolArtifact,
  docsContextSchema,
  SearchDocsToolkit,
} from "@search-docs/langchain";
import { createAgent } from "langchain";
import { describeFailure } from "./describe-failure.ts";
import { openDocsBackend } from "./open-docs-backend.ts";

type Env = Record<string, string | undefined>;

export interface LangChainAgentOptions {
  question?: string;
  /** Where the keys and backend settings come from; `process.env` by default. */
  env?: Env;
  print?: (line: string) => void;
  /** The start line (which engine, where, the areas); stderr by default. */
  printError?: (line: string) => void;
}

const defaultQuestion = "How do I rotate a service account key?";

export async function runLangChainAgent({
  question = defaultQuestion,
  env = process.env,
  print = console.log,
  printError = console.error,
}: LangChainAgentOptions = {}) {
  const backend = await openDocsBackend(env, { printError });
  try {
    const model = await chooseModel(env, question);
    print(`${model.label}; ${backend.label}`);

    // No caller here: the toolkit reads it from each run's context, so one agent serves everyone.
    const agent = createAgent({
      model: model.model,
      tools: new SearchDocsToolkit(backend.docs).getTools(),
      contextSchema: docsContextSchema,
      systemPrompt: "Answer from the internal docs with search_docs and get_document. Cite refs.",
    });
    print(`user: ${question}`);
    const { messages } = await agent.invoke(
      { messages: [new HumanMessage(question)] },
      { context: { caller: backend.caller } },
    );

    const sources = new Set<string>();
    for (const message of messages.slice(1)) {
      if (AIMessage.isInstance(message)) {
        for (const call of message.tool_calls ?? []) {
          print(`model → ${call.name}(${JSON.stringify(call.args)})`);
        }
        if (!message.tool_calls?.length) print(`model: ${message.text}`);
      } else if (ToolMessage.isInstance(message)) {
        const artifact = message.artifact as DocsToolArtifact | undefined;
        const content = String(message.content);
        print(
          `${message.name} → model: ${content.length > 160 ? `${content.slice(0, 160)}…` : content}`,
        );
        // The artifact is the app's: trace id for support, portal URLs to show as sources.
        if (artifact) {
          print(
            `${message.name} → app: traceId ${artifact.traceId}, status ${artifact.trace.status}`,
          );
          for (const url of Object.values(artifact.urls).slice(0, 3)) sources.add(url);
          // The model only hears "unavailable"; the app knows to sign the user in again.
          if (artifact.unauthorized) print("app: the docs backend refused this user's token");
        }
      }
    }
    if (sources.size > 0) print(`sources: ${[...sources].join(" ")}`);
  } finally {
    await backend.close();
  }
}

/**
 * A real chat model when a key is set. The provider packages are imported only then, so the
 * scripted mode needs neither them nor the network.
 */
async function chooseModel(
  env: Env,
  question: string,
): Promise<{ model: BaseChatModel; label: string }> {
  if (env.OPENAI_API_KEY) {
    const { ChatOpenAI } = await import("@langchain/openai");
    const name = env.SEARCH_DOCS_MODEL ?? "gpt-4o-mini";
    return {
      // Say strict or not: on the Responses API (models that prefer it, or useResponsesApi),
      // LangChain otherwise sends strict: null, which OpenAI reads as strict.
      model: new ChatOpenAI({
        model: name,
        apiKey: env.OPENAI_API_KEY,
        supportsStrictToolCalling: false,
        // LangChain's default of 6 retries spends two minutes before saying the network is down.
        maxRetries: 1,
      }),
      label: `OpenAI ${name}`,
    };
  }
  if (env.ANTHROPIC_API_KEY) {
    const { ChatAnthropic } = await import("@langchain/anthropic");
    const name = env.SEARCH_DOCS_MODEL ?? "claude-haiku-4-5";
    return {
      model: new ChatAnthropic({ model: name, apiKey: env.ANTHROPIC_API_KEY, maxRetries: 1 }),
      label: `Anthropic ${name}`,
    };
  }
  return {
    model: scriptedModel(question),
    label: "scripted model (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a real one)",
  };
}

/** Searches once, then answers from the best hit, or says why it cannot. */
function scriptedModel(question: string) {
  const answer = (messages: BaseMessage[]) => {
    const last = messages.at(-1);
    const result = ToolMessage.isInstance(last) ? JSON.parse(String(last.content)) : undefined;
    if (result?.status === "unavailable") {
      return new AIMessage("Search is down right now; please try again in a minute.");
    }
    const best = result?.results?.[0];
    if (!best) return new AIMessage("I found nothing about that in the docs.");
    return new AIMessage(`${best.passage} (see ${best.ref})`);
  };
  return fakeModel()
    .respondWithTools([{ name: "search_docs", args: { query: question } }])
    .respond(answer);
}

if (import.meta.main) {
  try {
    await runLangChainAgent({ question: process.argv[2] ?? defaultQuestion });
  } catch (error) {
    process.exitCode = 1;
    console.error(process.env.SEARCH_DOCS_DEBUG ? error : describeFailure(error));
  }
}
