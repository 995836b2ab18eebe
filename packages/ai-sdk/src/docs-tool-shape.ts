import { assertCaller, type Caller, modelJsonSchema } from "@search-docs/core";
import { jsonSchema } from "ai";
import { callerFix, docsToolContextSchema } from "./docs-tool-context.js";

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

/**
 * What both tools declare alike: the lean input schema with no validate (core is the one
 * validator, so a bad argument reaches the model as core's one line rather than the SDK's echo of
 * the whole input), `strict` when asked, and where the caller comes from.
 */
export function docsToolShape(
  toolName: "search_docs" | "get_document",
  input: Parameters<typeof modelJsonSchema>[0],
  options: DocsToolOptions,
) {
  // A caller fixed at construction is checked now, in the app's code, not at the model's first call.
  if (options.caller !== undefined) assertCaller(options.caller, toolName, callerFix(toolName));
  const strict = options.strict === true;
  return {
    // biome-ignore lint/suspicious/noExplicitAny: the input type is the tool's, set by tool<...>()
    inputSchema: jsonSchema<any>(modelJsonSchema(input, { strict })),
    ...(strict ? { strict } : {}),
    ...(options.caller === undefined ? { contextSchema: docsToolContextSchema(toolName) } : {}),
  };
}
