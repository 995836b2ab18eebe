// Imported by the provider-wire test and by `pnpm tokens` (scripts/tokens.ts, run by Node's type
// stripping): bare imports only, erasable TypeScript only.
import { ChatAnthropic } from "@langchain/anthropic";
import { HumanMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import {
  fakeProvider,
  type ProviderFormat,
  type ProviderTurn,
  toolDefinitionsSent,
} from "@search-docs/test-servers";
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { createAgent } from "langchain";

/**
 * The provider chat models the LangChain adapter is measured on. `openai-responses` is ChatOpenAI
 * with `useResponsesApi` as configured for this adapter's tools: `supportsStrictToolCalling` set,
 * false for the default tools, true for strict ones (unset, LangChain sends `strict: null`).
 */
export type WireSetup = ProviderFormat | "openai-responses, supportsStrictToolCalling unset";

export const wireSetups: readonly WireSetup[] = [
  "openai-responses",
  "openai-chat",
  "anthropic",
  "openai-responses, supportsStrictToolCalling unset",
];

export function formatOf(setup: WireSetup): ProviderFormat {
  return setup.startsWith("openai-responses") ? "openai-responses" : (setup as ProviderFormat);
}

/** A real provider chat model whose HTTP goes to a scripted fake provider. */
export function providerModel(
  setup: WireSetup,
  turns: readonly ProviderTurn[],
  { strict = false }: { strict?: boolean } = {},
) {
  const provider = fakeProvider(formatOf(setup), turns);
  const common = { apiKey: "test-key", maxRetries: 0 };
  const model =
    setup === "anthropic"
      ? new ChatAnthropic({
          ...common,
          model: "claude-haiku-4-5",
          clientOptions: { fetch: provider.fetch },
        })
      : new ChatOpenAI({
          ...common,
          model: "gpt-4o-mini",
          configuration: { fetch: provider.fetch },
          useResponsesApi: setup !== "openai-chat",
          // OpenAI treats a Responses tool without strict as strict: say which, every time.
          ...(setup === "openai-responses, supportsStrictToolCalling unset"
            ? {}
            : setup === "openai-responses" || strict
              ? { supportsStrictToolCalling: strict }
              : {}),
        });
  return { model, provider };
}

/** The tool definitions exactly as the chat model puts them on the wire, by tool name. */
export async function toolDefinitionsOnTheWire(
  tools: StructuredToolInterface[],
  setup: WireSetup,
  options: { strict?: boolean } = {},
) {
  const { model, provider } = providerModel(setup, [{ text: "done" }], options);
  await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("-")] });
  return toolDefinitionsSent(formatOf(setup), provider.requests[0]);
}

const encoder = new Tiktoken(o200kBase);

/** o200k tokens of one definition as sent (its JSON, as the request body carries it). */
export function countTokens(definition: unknown): number {
  return encoder.encode(JSON.stringify(definition)).length;
}
