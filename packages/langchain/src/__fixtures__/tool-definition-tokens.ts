// Imported by the budget test and by `pnpm tokens` (scripts/tokens.ts, run by Node's type
// stripping): bare imports only, erasable TypeScript only.
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
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

/** The definitions as LangChain's own converter (the one ChatOpenAI uses) produces them. */
export function openAiToolDefinitions(
  tools: readonly StructuredToolInterface[],
  { strict }: { strict?: boolean } = {},
): OpenAiToolDefinition[] {
  return tools.map(
    (tool) =>
      convertToOpenAITool(
        tool,
        strict === undefined ? undefined : { strict },
      ) as OpenAiToolDefinition,
  );
}
