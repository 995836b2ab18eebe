import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { ContractAdapter, ContractObservation } from "@search-docs/core/testing";
import { createAgent } from "langchain";
import { createDocsTools } from "../create-docs-tools.js";
import type { DocsToolArtifact } from "../docs-structured-tool.js";
import { docsContextSchema } from "../docs-tool-caller.js";

/**
 * One contract call through createAgent: a fakeModel calls the tool with the case's arguments,
 * then answers; what the model reads is the ToolMessage in its second prompt. The caller is fixed
 * on the tools, or travels in the run's context checked by docsContextSchema.
 */
export function throughCreateAgent(form: "fixed caller" | "context"): ContractAdapter {
  return async ({ docs, tool, input, caller, strict }) => {
    const model = fakeModel()
      // The arguments exactly as the model sent them, whatever their JSON type.
      .respondWithTools([{ name: tool, id: "call-1", args: input as Record<string, unknown> }])
      .respond(new AIMessage("done"));
    const prompt = { messages: [new HumanMessage("Answer from the docs.")] };
    if (form === "fixed caller") {
      const agent = createAgent({ model, tools: createDocsTools(docs, { caller, strict }) });
      await agent.invoke(prompt);
    } else {
      const tools = createDocsTools(docs, { strict });
      const agent = createAgent({ model, tools, contextSchema: docsContextSchema });
      await agent.invoke(prompt, { context: { caller } });
    }
    return observedBy(model.calls[1]?.messages.at(-1));
  };
}

/** What the model read: the ToolMessage's bytes, and the artifact the app got beside them. */
export function observedBy(message: unknown): ContractObservation {
  if (!ToolMessage.isInstance(message)) throw new Error("the model read no tool message");
  const artifact = message.artifact as DocsToolArtifact | undefined;
  return {
    model: { isError: message.status === "error", text: message.content as string },
    ...(artifact ? { app: { urls: artifact.urls, unauthorized: artifact.unauthorized } } : {}),
  };
}
