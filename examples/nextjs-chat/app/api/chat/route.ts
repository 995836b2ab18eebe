import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  isStepCount,
  type LanguageModel,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
} from "ai";
import { callerFromRequest } from "../../../lib/caller-from-request";
import type { ChatMessage } from "../../../lib/chat-message";
import { chatModel } from "../../../lib/chat-model";
import { type DocsBackend, docsBackend } from "../../../lib/docs-backend";
import { systemPrompt } from "../../../lib/system-prompt";

export async function POST(request: Request): Promise<Response> {
  // Whose docs: this request's credentials, never the server's, so each user gets their own scope.
  const caller = callerFromRequest(request);
  if (caller === undefined) {
    return Response.json(
      {
        error:
          "Sign in first: send Authorization: Bearer <your docs token>, or the search_docs_session cookie.",
      },
      { status: 401 },
    );
  }
  let tools: DocsBackend["tools"];
  let model: LanguageModel;
  try {
    tools = (await docsBackend()).tools;
    ({ model } = await chatModel());
  } catch (error) {
    // A configuration mistake (SEARCH_DOCS_*, a missing provider package): say which.
    console.error("[chat]", error);
    return Response.json({ error: (error as Error).message }, { status: 500 });
  }

  const body = (await request.json().catch(() => undefined)) as { messages?: unknown } | undefined;
  const messages = await safeValidateUIMessages<ChatMessage>({ messages: body?.messages, tools });
  if (!messages.success) {
    return Response.json({ error: messages.error.message }, { status: 400 });
  }

  const result = streamText({
    model,
    system: systemPrompt,
    // With the tools, earlier tool results go through toModelOutput: the model sees the contract
    // JSON again, not the trace ids and portal URLs the page got beside it.
    messages: await convertToModelMessages(messages.data, { tools }),
    tools,
    // The tools are shared by every request; the caller travels with this call only.
    toolsContext: { search_docs: { caller }, get_document: { caller } },
    stopWhen: isStepCount(5),
    abortSignal: request.signal,
  });

  return createUIMessageStreamResponse({
    stream: toUIMessageStream({
      stream: result.stream,
      originalMessages: messages.data,
      onError: (error) => {
        console.error("[chat]", error);
        return "The assistant ran into an error. Please try again.";
      },
      // Core's errors name the bad argument and never a credential: the page may show them.
      redactToolErrors: false,
    }),
  });
}
