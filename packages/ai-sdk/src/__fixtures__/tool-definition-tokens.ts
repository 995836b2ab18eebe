// Imported by the budget test and by `pnpm tokens` (scripts/tokens.ts, run by Node's type
// stripping): bare imports only, erasable TypeScript only.
import { generateText, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";

/** A tool definition in the OpenAI tool format: what a provider is sent on every turn. */
export interface OpenAiToolDefinition {
  type: "function";
  function: { name: string; description?: string; parameters: unknown; strict?: boolean };
}

const encoder = new Tiktoken(o200kBase);

/** o200k tokens of a definition's JSON. */
export function countTokens(definition: OpenAiToolDefinition): number {
  return encoder.encode(JSON.stringify(definition)).length;
}

/**
 * The definitions as the AI SDK hands them to a provider: one real generateText call against a
 * mock model that records its tools, mapped to the OpenAI chat format.
 */
export async function openAiToolDefinitions(tools: ToolSet): Promise<OpenAiToolDefinition[]> {
  const model = new MockLanguageModelV4({
    doGenerate: {
      content: [{ type: "text", text: "" }],
      finishReason: { unified: "stop", raw: undefined },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      },
      warnings: [],
    },
  });
  await generateText({ model, tools, prompt: "-" });
  return (model.doGenerateCalls[0]?.tools ?? []).flatMap((tool) =>
    tool.type === "function"
      ? [
          {
            type: "function" as const,
            function: {
              name: tool.name,
              ...(tool.description === undefined ? {} : { description: tool.description }),
              parameters: tool.inputSchema,
              ...(tool.strict === undefined ? {} : { strict: tool.strict }),
            },
          },
        ]
      : [],
  );
}
