/** What an OpenAI chat completions request carried: the tools defined and the messages sent. */
export interface OpenAiChatBody {
  tools?: { type: "function"; function: Record<string, unknown> }[];
  messages: { role: string; content: unknown }[];
}

/**
 * A `fetch` for an OpenAI client that answers like chat completions, first with one call of
 * `tool`, then with text, and keeps every request body: the bytes a provider is really sent.
 */
export function openAiChatReplies(tool: { name: string; arguments: Record<string, unknown> }) {
  const bodies: OpenAiChatBody[] = [];
  const fetch = async (_url: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const message =
      bodies.length === 1
        ? {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: { name: tool.name, arguments: JSON.stringify(tool.arguments) },
              },
            ],
          }
        : { role: "assistant", content: "done" };
    return Response.json({
      id: `chatcmpl-${bodies.length}`,
      object: "chat.completion",
      created: 0,
      model: "gpt-4o-mini",
      choices: [{ index: 0, message, finish_reason: bodies.length === 1 ? "tool_calls" : "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  };
  /** The content of the tool message in the second request: what the model read. */
  const toolMessageContent = () =>
    bodies[1]?.messages.find((message) => message.role === "tool")?.content;
  return { bodies, fetch, toolMessageContent };
}
