import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";

/** One model turn: call tools, or answer in text. */
export type ScriptedTurn = { toolCalls: { toolName: string; input: unknown }[] } | { text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * A MockLanguageModelV4 that plays `turns` in order, for generateText and streamText alike, and
 * keeps every prompt it was sent (`model.doGenerateCalls` / `model.doStreamCalls`).
 */
export function scriptedModel(turns: readonly ScriptedTurn[]): MockLanguageModelV4 {
  let next = 0;
  const take = (): { content: LanguageModelV4Content[]; toolCalls: boolean } => {
    const turn = turns[next++];
    if (!turn) throw new Error(`scriptedModel: no turn ${next} scripted`);
    if ("text" in turn) return { content: [{ type: "text", text: turn.text }], toolCalls: false };
    return {
      content: turn.toolCalls.map((call, index) => ({
        type: "tool-call",
        toolCallId: `call-${next}-${index}`,
        toolName: call.toolName,
        input: JSON.stringify(call.input),
      })),
      toolCalls: true,
    };
  };
  return new MockLanguageModelV4({
    doGenerate: async (): Promise<LanguageModelV4GenerateResult> => {
      const { content, toolCalls } = take();
      return {
        content,
        finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
    doStream: async () => {
      const { content, toolCalls } = take();
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      for (const part of content) {
        if (part.type === "text") {
          parts.push(
            { type: "text-start", id: "text" },
            { type: "text-delta", id: "text", delta: part.text },
            { type: "text-end", id: "text" },
          );
        } else if (part.type === "tool-call") {
          parts.push(part);
        }
      }
      parts.push({
        type: "finish",
        finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: undefined },
        usage,
      });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}

/** The tool results (as the provider would serialize them) in the prompt of one model call. */
export function toolResultsIn(call: LanguageModelV4CallOptions | undefined) {
  return (call?.prompt ?? []).flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [part] : []))
      : [],
  );
}
