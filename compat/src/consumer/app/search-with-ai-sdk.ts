import { docsTools } from "@search-docs/ai-sdk";
import { createDocsSearch } from "@search-docs/core";
import type { FakeDocsService } from "@search-docs/core/testing";
import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";

/** The AI SDK tools in generateText, with a model that searches, reads the first ref, answers. */
export async function searchWithAiSdk(service: FakeDocsService) {
  const docs = createDocsSearch({ baseUrl: service.url, areas: service.areas });
  const tools = docsTools(docs, { caller: { token: service.tokens.everything } });
  const usage = {
    inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 0, text: 0, reasoning: undefined },
  };
  let firstRef = "";
  let turn = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      turn += 1;
      const call = (toolName: string, input: unknown) => ({
        type: "tool-call" as const,
        toolCallId: String(turn),
        toolName,
        input: JSON.stringify(input),
      });
      const content =
        turn === 1
          ? [call("search_docs", { query: "how do I rotate a service account key" })]
          : turn === 2
            ? [call("get_document", { ref: firstRef })]
            : [{ type: "text" as const, text: "done" }];
      return {
        content,
        finishReason: {
          unified: turn < 3 ? ("tool-calls" as const) : ("stop" as const),
          raw: undefined,
        },
        usage,
        warnings: [],
      };
    },
  });
  const result = await generateText({
    model,
    tools,
    prompt: "How do I rotate a key?",
    stopWhen: isStepCount(4),
    onStepFinish: (step) => {
      for (const toolResult of step.toolResults) {
        if (!toolResult.dynamic && toolResult.toolName === "search_docs") {
          firstRef = toolResult.output.result.results[0]?.ref ?? "";
        }
      }
    },
  });
  return result.steps.flatMap((step) =>
    step.toolResults.flatMap((toolResult) =>
      toolResult.dynamic
        ? []
        : [
            {
              tool: toolResult.toolName,
              status: toolResult.output.result.status,
              traceId: toolResult.output.traceId,
            },
          ],
    ),
  );
}
