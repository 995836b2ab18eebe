// search_docs and get_document as LangChain tools in createAgent, on your docs
// (SEARCH_DOCS_BACKEND…) or the embedded fake docs service, with a scripted model standing in
// for a real one.
// Run: pnpm --filter @search-docs/example-quickstart start
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createDocsTools, type DocsToolArtifact } from "@search-docs/langchain";
import { createAgent } from "langchain";
import { openQuickstartDocs, type QuickstartOptions } from "./open-quickstart-docs.ts";

const question = "How do I rotate a service account key?";

export async function runLangChainQuickstart(
  print: (line: string) => void = console.log,
  { env = process.env, printError = console.error }: QuickstartOptions = {},
) {
  const { docs, caller, close } = await openQuickstartDocs(env, printError);
  try {
    // Built for the one user running this: every read happens with their credential.
    const tools = createDocsTools(docs, { caller });
    const agent = createAgent({ model: scriptedModel(), tools });

    print("LangChain: createAgent with createDocsTools");
    print(`user: ${question}`);
    const { messages } = await agent.invoke({ messages: [new HumanMessage(question)] });
    for (const message of messages.slice(1)) {
      if (AIMessage.isInstance(message)) {
        for (const call of message.tool_calls ?? []) {
          print(`model → ${call.name}(${JSON.stringify(call.args)})`);
        }
        if (!message.tool_calls?.length) print(`model: ${message.text}`);
      } else if (ToolMessage.isInstance(message)) {
        // content is all the model gets; the artifact (trace id, trace, urls) stays with the app.
        const artifact = message.artifact as DocsToolArtifact;
        print(`${message.name} → model: ${clip(message.content as string)}`);
        print(`${message.name} → app: ${appView(artifact.traceId, artifact.urls)}`);
      }
    }
  } finally {
    await close();
  }
}

/** Searches, reads the first hit, answers from it: the turns a real model would take. */
function scriptedModel() {
  const next = (messages: BaseMessage[]) => {
    const last = messages.at(-1);
    if (!ToolMessage.isInstance(last)) {
      return toolCall("search_docs", { query: question });
    }
    const result = JSON.parse(last.content as string);
    if (last.name === "search_docs")
      return toolCall("get_document", { ref: result.results[0]?.ref });
    return new AIMessage(`From "${result.title}": ${firstLine(result)}`);
  };
  return fakeModel().respond(next).respond(next).respond(next);
}

function toolCall(name: string, args: Record<string, unknown>) {
  return new AIMessage({ content: "", tool_calls: [{ id: `call-${name}`, name, args }] });
}

/** The first line after the section heading `content` starts with. */
function firstLine(document: { content: string | null }): string {
  return (document.content ?? "").split("\n")[1] ?? "";
}

/** Long tool results, shortened for the terminal (the model gets them whole). */
function clip(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} chars)`;
}

/** The app's side of a tool result: the trace id, and the portal URLs of the refs. */
function appView(traceId: string, urls: Record<string, string>): string {
  const all = Object.values(urls);
  return `traceId ${traceId}, ${all.length} portal URL(s)${all[0] ? `, first ${all[0]}` : ""}`;
}

if (import.meta.main) await runLangChainQuickstart();
