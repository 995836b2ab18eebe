import {
  assertCaller,
  type Caller,
  type DocsCallOptions,
  type DocsResult,
  modelJsonSchema,
} from "@search-docs/core";
import { jsonSchema, type Tool, tool } from "ai";
import {
  callerFix,
  type DocsToolContext,
  docsToolContextSchema,
  type ToolContext,
} from "./docs-tool-context.js";

export interface DocsToolOptions {
  /** The end user's credentials, when the tools are built per request. Omit to read them from `toolsContext`. */
  caller?: Caller | undefined;
  /** Providers' strict mode: every argument required, optional ones nullable. Sets `strict` on the tool. */
  strict?: boolean | undefined;
}

/** What `execute` returns: the contract the model sees, and beside it what the app wants. */
export interface DocsToolOutput<Result> {
  /** Exactly what the model sees: `toModelOutput` sends it, and nothing else, as JSON text. */
  result: Result;
  /** Finds this call's trace in `onTrace` (the trace itself stays on the server). */
  traceId: string;
  /** Ref → docs portal URL, from core (empty without a `portalUrl`). */
  urls: Record<string, string>;
  /** The backend refused the caller's credentials (401): re-authenticate the user. */
  unauthorized: boolean;
}

interface DocsToolFields<Input, Result> {
  name: "search_docs" | "get_document";
  description: string;
  /** Core's schema of the arguments (docs.searchInput, docs.documentInput): the only check they get. */
  input: Parameters<typeof modelJsonSchema>[0];
  options: DocsToolOptions;
  run: (input: Input, call: DocsCallOptions) => Promise<DocsResult<Result>>;
}

/**
 * One of the docs tools as an AI SDK tool: framework call in, core call, framework result out.
 * The input schema is the lean one with no validate (core is the one validator, so a bad
 * argument reaches the model as core's one line rather than the SDK's echo of the whole input),
 * `strict` when asked, and the caller fixed at construction or read from `toolsContext`.
 */
export function docsTool<Input, Result, CONTEXT extends ToolContext>({
  name,
  description,
  input,
  options,
  run,
}: DocsToolFields<Input, Result>): Tool<Input, DocsToolOutput<Result>, CONTEXT> {
  // A caller fixed at construction is checked now, in the app's code, not at the model's first call.
  if (options.caller !== undefined) assertCaller(options.caller, name, callerFix(name));
  const strict = options.strict === true;
  return tool<Input, DocsToolOutput<Result>, ToolContext>({
    description,
    inputSchema: jsonSchema<Input>(modelJsonSchema(input, { strict })),
    ...(strict ? { strict } : {}),
    ...(options.caller === undefined ? { contextSchema: docsToolContextSchema(name) } : {}),
    execute: async (toolInput, { abortSignal, context, toolCallId }) => {
      const caller = options.caller ?? (context as Partial<DocsToolContext> | undefined)?.caller;
      const { output, trace, urls, unauthorized } = await run(toolInput, {
        caller: caller as Caller,
        signal: abortSignal,
        toolCallId,
      });
      return { result: output, traceId: trace.traceId, urls, unauthorized };
    },
    toModelOutput: ({ output }) => ({ type: "text", value: JSON.stringify(output.result) }),
  }) as Tool<Input, DocsToolOutput<Result>, CONTEXT>;
}
