import type {
  LanguageModelV4,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

/** search_docs and get_document results as the model receives them (the contract JSON). */
interface SearchResultSeen {
  status: string;
  results: { ref: string; title: string; passage: string; area: string; updated: string }[];
  more_matches_exist: boolean;
}
interface DocumentSeen {
  status: string;
  ref: string | null;
  title: string | null;
  updated: string | null;
  content: string | null;
}

/** What the model has seen since the user's last message. */
interface Turn {
  question: string;
  search?: SearchResultSeen;
  document?: DocumentSeen;
  toolError?: string;
}

const noUsage: LanguageModelV4Usage = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/**
 * A model for running the example offline: it reads the conversation the AI SDK hands it and
 * plays the part a real model would — search_docs with the user's question, get_document on the
 * best result, then an answer streamed word by word from what the tools returned.
 */
export function createScriptedModel(options: { wordDelayMs?: number } = {}): LanguageModelV4 {
  return new MockLanguageModelV4({
    provider: "search-docs-example",
    modelId: "scripted",
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({
        chunks: nextParts(readTurn(prompt)),
        initialDelayInMs: null,
        chunkDelayInMs: options.wordDelayMs ?? 12,
      }),
    }),
  });
}

function nextParts(turn: Turn): LanguageModelV4StreamPart[] {
  if (turn.toolError !== undefined) return textParts(`The docs tool failed: ${turn.toolError}`);
  if (turn.search === undefined) return toolCallParts("search_docs", { query: turn.question });
  const best = turn.search.results[0];
  if (turn.search.status === "ok" && best !== undefined && turn.document === undefined) {
    return toolCallParts("get_document", { ref: best.ref });
  }
  return textParts(answer(turn.search, turn.document));
}

function answer(search: SearchResultSeen, document: DocumentSeen | undefined): string {
  // Other pages than the one opened, one ref each (a ref names a section: page#section).
  const page = (ref: string | null | undefined) => ref?.split("#")[0];
  const seen = new Set([page(document?.ref)]);
  const others = search.results
    .filter((result) => !seen.has(page(result.ref)) && seen.add(page(result.ref)))
    .slice(0, 3)
    .map((result) => `“${result.title}” (${result.ref})`);
  if (search.status === "unavailable") {
    // Never "nothing found": the backend did not answer, so the docs may well hold the answer.
    const partial = others.length > 0 ? ` Meanwhile, these may help: ${others.join(", ")}.` : "";
    return `Documentation search is temporarily unavailable, so I cannot answer from the docs right now. Please try again in a minute.${partial}`;
  }
  if (search.status === "no_matches") {
    return "Nothing in the docs you can read matches that question. Try other words, or ask someone who can read more areas.";
  }
  const best = search.results[0];
  if (best === undefined) return "The search returned no results.";
  const seeAlso = others.length > 0 ? `\n\nSee also ${others.join(", ")}.` : "";
  if (document?.status === "ok" && document.content !== null) {
    return `According to “${document.title}” (${document.ref}, updated ${document.updated}):\n\n${excerpt(document.content, 420)}${seeAlso}`;
  }
  const why =
    document?.status === "no_access"
      ? " I could not open the whole page: you do not have access to it."
      : document?.status === "unavailable"
        ? " I could not open the whole page: the docs are temporarily unavailable."
        : "";
  return `The best match is “${best.title}” (${best.ref}): ${best.passage}${why}${seeAlso}`;
}

/** The start of a text, cut at a sentence end near `length`. */
function excerpt(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  return end > length / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

function readTurn(prompt: LanguageModelV4Prompt): Turn {
  const lastUser = prompt.findLastIndex((message) => message.role === "user");
  const user = prompt[lastUser];
  const question =
    user?.role === "user"
      ? user.content.map((part) => (part.type === "text" ? part.text : "")).join(" ")
      : "";
  const turn: Turn = { question: question.trim() };
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const value = outputValue(part.output);
      if (value.error !== undefined) turn.toolError = value.error;
      else if (part.toolName === "search_docs") turn.search = value.json as SearchResultSeen;
      else if (part.toolName === "get_document") turn.document = value.json as DocumentSeen;
    }
  }
  return turn;
}

function outputValue(output: LanguageModelV4ToolResultOutput): { json?: unknown; error?: string } {
  switch (output.type) {
    case "text":
      return { json: JSON.parse(output.value) };
    case "json":
      return { json: output.value };
    case "error-text":
      return { error: output.value };
    case "error-json":
      return { error: JSON.stringify(output.value) };
    default:
      return { error: `unexpected tool output of type ${output.type}` };
  }
}

function toolCallParts(
  toolName: string,
  input: Record<string, string>,
): LanguageModelV4StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "tool-call", toolCallId: crypto.randomUUID(), toolName, input: JSON.stringify(input) },
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage: noUsage },
  ];
}

function textParts(text: string): LanguageModelV4StreamPart[] {
  const id = crypto.randomUUID();
  // Word by word, spaces kept, so the page shows the answer streaming in.
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id },
    ...words.map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id, delta })),
    { type: "text-end", id },
    { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: noUsage },
  ];
}
