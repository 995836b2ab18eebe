import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type Caller, type DocsSearch, InvalidInputError } from "@search-docs/core";
import type { DocsToolName } from "./docs-mcp-tools.js";

export interface DocsToolCallOptions {
  caller: Caller;
  signal?: AbortSignal | undefined;
}

/**
 * One tools/call mapped onto core. The contract goes out twice, as the JSON text every client
 * shows the model (the same bytes the adapters send) and as `structuredContent`; every status,
 * `unavailable` included, is a result. Bad arguments from the model are a tool error in core's
 * one line, so the model can correct itself. Anything else rejects: it is not the model's to read.
 */
export async function callDocsTool(
  docs: DocsSearch,
  name: DocsToolName,
  input: unknown,
  options: DocsToolCallOptions,
): Promise<CallToolResult> {
  try {
    const { output } =
      name === "search_docs"
        ? await docs.search(input as Parameters<DocsSearch["search"]>[0], options)
        : await docs.getDocument(input as { ref: string }, options);
    return {
      content: [{ type: "text", text: JSON.stringify(output) }],
      structuredContent: { ...output },
    };
  } catch (error) {
    // Name and message, as both frameworks print it for the model. A bad caller is the
    // server's mistake, not the model's: it rejects like any other.
    if (InvalidInputError.isInstance(error) && error.field !== "caller") {
      return toolError(String(error));
    }
    throw error;
  }
}

/** A tool error: `isError` and one line of text, which clients hand the model. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
