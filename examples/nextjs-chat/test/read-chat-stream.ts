import type { GetDocumentToolOutput, SearchDocsToolOutput } from "@search-docs/ai-sdk";
import { readUIMessageStream, type UIMessageChunk } from "ai";
import type { ChatMessage } from "../lib/chat-message";

/** The assistant message a chat response streams, assembled as useChat assembles it. */
export async function readAssistantMessage(response: Response): Promise<ChatMessage> {
  if (!response.ok || response.body === null) {
    throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  }
  let message: ChatMessage | undefined;
  const stream = readUIMessageStream<ChatMessage>({
    stream: uiMessageChunks(response.body),
    terminateOnError: true,
  });
  for await (const state of stream) message = state;
  if (message === undefined) throw new Error("the response streamed no message");
  return message;
}

/** The `data:` events of the SSE body, parsed. */
function uiMessageChunks(body: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
  const decoder = new TextDecoder();
  let buffer = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, UIMessageChunk>({
      transform(bytes, controller) {
        buffer += decoder.decode(bytes, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of event.split("\n")) {
            const data = line.startsWith("data: ") ? line.slice("data: ".length) : undefined;
            if (data !== undefined && data !== "[DONE]") controller.enqueue(JSON.parse(data));
          }
        }
      },
    }),
  );
}

/** What each search_docs call returned to the app, in order. */
export function searchOutputs(message: ChatMessage): SearchDocsToolOutput[] {
  return message.parts.flatMap((part) =>
    part.type === "tool-search_docs" && part.state === "output-available" ? [part.output] : [],
  );
}

/** What each get_document call returned to the app, in order. */
export function documentOutputs(message: ChatMessage): GetDocumentToolOutput[] {
  return message.parts.flatMap((part) =>
    part.type === "tool-get_document" && part.state === "output-available" ? [part.output] : [],
  );
}

/** The message's text. */
export function messageText(message: ChatMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}
