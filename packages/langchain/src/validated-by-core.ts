import type { StructuredToolInterface } from "@langchain/core/tools";
import { parseToolInput } from "@search-docs/core";
import type { z } from "zod";

/**
 * Checks a tool's arguments with core before LangChain's own JSON-schema check. A schema failure
 * there is a ToolInputParsingException, which createAgent reports to the model with its stack
 * trace and every argument echoed (52 KB for a 50,000-character argument); core's InvalidInputError
 * says in one line which argument is wrong, and the agent hands the model that line.
 */
export function validatedByCore<Tool extends StructuredToolInterface>(
  structuredTool: Tool,
  schema: z.ZodType,
  toolName: string,
): Tool {
  const call = structuredTool.call.bind(structuredTool);
  structuredTool.call = ((argument: unknown, ...rest: unknown[]) => {
    const isToolCall =
      typeof argument === "object" &&
      argument !== null &&
      (argument as { type?: unknown }).type === "tool_call";
    parseToolInput(schema, toolName, isToolCall ? (argument as { args: unknown }).args : argument);
    return (call as (...parameters: unknown[]) => unknown)(argument, ...rest);
  }) as Tool["call"];
  return structuredTool;
}
