// Imported by the provider-wire test and by `pnpm tokens` (scripts/tokens.ts, run by Node's type
// stripping): bare imports only, erasable TypeScript only.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import {
  fakeProvider,
  type ProviderFormat,
  type ProviderTurn,
  toolDefinitionsSent,
} from "@search-docs/test-servers";
import { generateText, isStepCount, type ToolSet } from "ai";
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";

/** The provider SDKs and APIs the AI SDK adapter is measured on. */
export const wireFormats: readonly ProviderFormat[] = [
  "openai-responses",
  "openai-chat",
  "anthropic",
];

/** A real provider SDK model whose HTTP goes to a scripted fake provider. */
export function providerModel(format: ProviderFormat, turns: readonly ProviderTurn[]) {
  const provider = fakeProvider(format, turns);
  const settings = { apiKey: "test-key", fetch: provider.fetch };
  const model =
    format === "anthropic"
      ? createAnthropic(settings)("claude-haiku-4-5")
      : format === "openai-chat"
        ? createOpenAI(settings).chat("gpt-4o-mini")
        : createOpenAI(settings).responses("gpt-4o-mini");
  return { model, provider };
}

/** The tool definitions exactly as the provider SDK puts them on the wire, by tool name. */
export async function toolDefinitionsOnTheWire(tools: ToolSet, format: ProviderFormat) {
  const { model, provider } = providerModel(format, [{ text: "done" }]);
  await generateText({ model, tools, prompt: "-", stopWhen: isStepCount(1) });
  return toolDefinitionsSent(format, provider.requests[0]);
}

const encoder = new Tiktoken(o200kBase);

/** o200k tokens of one definition as sent (its JSON, as the request body carries it). */
export function countTokens(definition: unknown): number {
  return encoder.encode(JSON.stringify(definition)).length;
}
