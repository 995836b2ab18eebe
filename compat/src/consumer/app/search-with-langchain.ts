import {
  BaseChatModel,
  type BaseChatModelCallOptions,
} from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { createDocsSearch } from "@search-docs/core";
import type { FakeDocsService } from "@search-docs/core/testing";
import { createDocsTools, type DocsToolArtifact } from "@search-docs/langchain";
import { createAgent } from "langchain";

/**
 * A chat model that plays three turns: search_docs, get_document on the first ref it got back,
 * then an answer. Written against BaseChatModel, which every @langchain/core 1.x has (the testing
 * helpers came later).
 */
class ScriptedChatModel extends BaseChatModel<BaseChatModelCallOptions> {
  _llmType(): string {
    return "scripted";
  }

  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const results = messages.filter((message) => ToolMessage.isInstance(message));
    const last = results.at(-1);
    let message: AIMessage;
    if (last === undefined) {
      const args = { query: "how do I rotate a service account key" };
      message = new AIMessage({
        content: "",
        tool_calls: [{ id: "1", name: "search_docs", args }],
      });
    } else if (results.length === 1) {
      const ref = JSON.parse(last.content as string).results[0]?.ref;
      message = new AIMessage({
        content: "",
        tool_calls: [{ id: "2", name: "get_document", args: { ref } }],
      });
    } else {
      message = new AIMessage("done");
    }
    return { generations: [{ message, text: "" }] };
  }
}

/** The LangChain tools in createAgent: what the model saw, and the app's artifact beside it. */
export async function searchWithLangChain(service: FakeDocsService) {
  const docs = createDocsSearch({ baseUrl: service.url, areas: service.areas });
  const tools = createDocsTools(docs, { caller: { token: service.tokens.everything } });
  const agent = createAgent({ model: new ScriptedChatModel({}), tools });
  const { messages } = await agent.invoke({
    messages: [new HumanMessage("How do I rotate a key?")],
  });
  return messages
    .filter((message) => ToolMessage.isInstance(message))
    .map((message) => ({
      tool: message.name,
      status: JSON.parse(message.content as string).status as string,
      traceId: (message.artifact as DocsToolArtifact).traceId,
    }));
}
