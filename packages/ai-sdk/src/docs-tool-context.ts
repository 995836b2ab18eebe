import { type Caller, InvalidInputError } from "@search-docs/core";
import { jsonSchema, type Schema } from "ai";

/** The AI SDK's per-tool context type (not exported by `ai`): any object. */
export type ToolContext = Record<string, unknown>;

/**
 * What each tool reads from `toolsContext` when no caller was fixed at construction. A type, not
 * an interface: the SDK treats a context with an index signature as untyped and would not ask
 * for `toolsContext` at all.
 */
export type DocsToolContext = { caller: Caller };

/**
 * The contextSchema of a tool whose caller arrives per request. The AI SDK checks it before
 * `execute` and throws out of generateText/streamText: a missing caller is the app's mistake,
 * not something to show the model.
 */
export function docsToolContextSchema(toolName: string): Schema<DocsToolContext> {
  return jsonSchema<DocsToolContext>(
    { type: "object", properties: { caller: { type: "object" } }, required: ["caller"] },
    {
      validate: (value) =>
        typeof value === "object" &&
        value !== null &&
        typeof (value as { caller?: unknown }).caller === "object" &&
        (value as { caller?: unknown }).caller !== null
          ? { success: true, value: value as DocsToolContext }
          : {
              success: false,
              error: new InvalidInputError({
                field: "caller",
                message:
                  `${toolName} needs the end user's credentials: pass toolsContext: { ${toolName}: ` +
                  "{ caller: { token } } } to generateText/streamText, or build the tools per " +
                  "request with docsTools(docs, { caller }).",
              }),
            },
    },
  );
}
