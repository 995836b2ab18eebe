// search_docs and get_document as AI SDK tools, on your docs (SEARCH_DOCS_BACKEND…) or the
// embedded fake docs service, with a scripted model standing in for a real one.
// Run: pnpm --filter @search-docs/example-quickstart start
import type { LanguageModelV4CallOptions, LanguageModelV4Content } from "@ai-sdk/provider";
import { docsTools } from "@search-docs/ai-sdk";
import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { openQuickstartDocs, type QuickstartOptions } from "./open-quickstart-docs.ts";

const question = "How do I rotate a service account key?";

export async function runAiSdkQuickstart(
  print: (line: string) => void = console.log,
  { env = process.env, printError = console.error }: QuickstartOptions = {},
) {
  const { docs, caller, close } = await openQuickstartDocs(env, printError);
  try {
    // Built for the one user running this: every read happens with their credential.
    const tools = docsTools(docs, { caller });

    print("AI SDK: generateText with docsTools");
    print(`user: ${question}`);
    const result = await generateText({
      model: scriptedModel(),
      tools,
      prompt: question,
      stopWhen: isStepCount(4),
    });
    for (const step of result.steps) {
      for (const call of step.toolCalls) {
        print(`model → ${call.toolName}(${JSON.stringify(call.input)})`);
      }
      for (const toolResult of step.toolResults) {
        if (toolResult.dynamic) continue;
        const { toolName, output } = toolResult;
        // `result` is all the model gets (toModelOutput); traceId and urls stay with the app.
        print(`${toolName} → model: ${clip(JSON.stringify(output.result))}`);
        print(`${toolName} → app: ${appView(output.traceId, output.urls)}`);
      }
      if (step.text) print(`model: ${step.text}`);
    }
  } finally {
    await close();
  }
}

/** Searches, reads the first hit, answers from it: the turns a real model would take. */
function scriptedModel() {
  const usage = {
    inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 0, text: 0, reasoning: undefined },
  };
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const [last] = lastToolResults(options);
      const content: LanguageModelV4Content[] = [];
      if (last === undefined) {
        content.push(toolCall("search_docs", { query: question }));
      } else if (last.toolName === "search_docs") {
        const ref = JSON.parse(last.text).results[0]?.ref;
        content.push(toolCall("get_document", { ref }));
      } else {
        const document = JSON.parse(last.text);
        content.push({ type: "text", text: `From "${document.title}": ${firstLine(document)}` });
      }
      const calls = content[0]?.type === "tool-call";
      return {
        content,
        finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

function toolCall(toolName: string, input: unknown): LanguageModelV4Content {
  return {
    type: "tool-call",
    toolCallId: `call-${toolName}`,
    toolName,
    input: JSON.stringify(input),
  };
}

/** The tool results in the newest tool message of the prompt, as the text the model reads. */
function lastToolResults(options: LanguageModelV4CallOptions) {
  const message = options.prompt.at(-1);
  if (message?.role !== "tool") return [];
  return message.content.flatMap((part) =>
    part.type === "tool-result" && part.output.type === "text"
      ? [{ toolName: part.toolName, text: part.output.value }]
      : [],
  );
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

if (import.meta.main) await runAiSdkQuickstart();
