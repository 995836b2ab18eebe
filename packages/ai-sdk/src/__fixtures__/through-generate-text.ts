import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import type { ContractAdapter, ContractObservation } from "@search-docs/core/testing";
import { generateText, isStepCount, streamText, type ToolSet } from "ai";
import { docsTools } from "../docs-tools.js";
import { scriptedModel, toolResultsIn } from "./scripted-model.js";

/**
 * One contract call through the AI SDK: a MockLanguageModelV4 calls the tool with the case's
 * arguments (as the JSON text a provider sends), then answers; what the model reads is the tool
 * result in its second prompt. generateText or streamText; the caller fixed on the tools or
 * passed in `toolsContext`.
 */
export function throughAiSdk(
  mode: "generateText" | "streamText",
  form: "fixed caller" | "toolsContext",
): ContractAdapter {
  return async ({ docs, tool, input, caller, strict }) => {
    const model = scriptedModel([{ toolCalls: [{ toolName: tool, input }] }, { text: "done" }]);
    const tools: ToolSet =
      form === "fixed caller" ? docsTools(docs, { caller, strict }) : docsTools(docs, { strict });
    // Typed loosely: ToolSet hides which tools declare a context.
    const request = {
      model,
      tools,
      prompt: "Answer from the docs.",
      stopWhen: isStepCount(3),
      ...(form === "toolsContext"
        ? { toolsContext: { search_docs: { caller }, get_document: { caller } } }
        : {}),
    } as Parameters<typeof generateText>[0];
    let output: unknown;
    if (mode === "generateText") {
      output = (await generateText(request)).steps[0]?.toolResults[0]?.output;
    } else {
      const result = streamText({
        ...(request as Parameters<typeof streamText>[0]),
        onError: () => {},
      });
      await result.consumeStream();
      output = (await result.steps)[0]?.toolResults[0]?.output;
    }
    const prompt = mode === "generateText" ? model.doGenerateCalls[1] : model.doStreamCalls[1];
    return observedIn(prompt, output);
  };
}

/** What the model read in a prompt, and what execute handed the app (absent on a tool error). */
export function observedIn(
  prompt: LanguageModelV4CallOptions | undefined,
  output: unknown,
): ContractObservation {
  const part = toolResultsIn(prompt)[0];
  if (!part) throw new Error("the model read no tool result");
  const { type, value } = part.output as { type: string; value: unknown };
  if (type !== "text" && type !== "error-text") throw new Error(`a ${type} tool result`);
  const app = output as { urls: Record<string, string>; unauthorized: boolean } | undefined;
  return {
    model: { isError: type === "error-text", text: value as string },
    ...(app ? { app: { urls: app.urls, unauthorized: app.unauthorized } } : {}),
  };
}
