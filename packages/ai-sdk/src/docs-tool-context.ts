import { type Caller, hasCredentials, missingCredentialsError } from "@search-docs/core";
import { jsonSchema, type Schema } from "ai";

/** The AI SDK's per-tool context type (not exported by `ai`): any object. */
export type ToolContext = Record<string, unknown>;

/**
 * What each tool reads from `toolsContext` when no caller was fixed at construction. A type, not
 * an interface: the SDK treats a context with an index signature as untyped and would not ask
 * for `toolsContext` at all.
 */
export type DocsToolContext = { caller: Caller };

/** How to give an AI SDK tool its caller, in the words of the missing-credentials sentence. */
export function callerFix(toolName: string): string {
  return (
    `pass toolsContext: { ${toolName}: { caller: { token } } } to generateText/streamText, or ` +
    "build the tools per request with docsTools(docs, { caller })"
  );
}

/**
 * The contextSchema of a tool whose caller arrives per request. The AI SDK checks it before
 * `execute` and throws out of generateText/streamText: missing credentials are the app's
 * mistake, not something to show the model. It checks presence only: the SDK's error quotes the
 * context it refused, so a context that fails here holds no credential to quote. Credentials
 * that are present but cannot be sent are refused by core, which names no value.
 */
export function docsToolContextSchema(toolName: string): Schema<DocsToolContext> {
  return jsonSchema<DocsToolContext>(
    { type: "object", properties: { caller: { type: "object" } }, required: ["caller"] },
    {
      validate: (value) =>
        hasCredentials((value as Partial<DocsToolContext> | undefined)?.caller)
          ? { success: true, value: value as DocsToolContext }
          : { success: false, error: missingCredentialsError(toolName, callerFix(toolName)) },
    },
  );
}
